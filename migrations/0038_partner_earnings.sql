-- Which Earnings figure a network's partners see first on their dashboard: what YouTube pays the network
-- for their channels ('gross'), or their share of it under their revenue-share terms ('share').
ALTER TABLE networks ADD COLUMN partner_earnings TEXT NOT NULL DEFAULT 'gross' CHECK (partner_earnings IN ('gross', 'share'));
