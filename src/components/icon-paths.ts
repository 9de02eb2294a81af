// Outline icons (24x24, stroked) as SVG path data, shared by Astro components and React islands.

export const ICON_PATHS = {
  dashboard: 'M3 3h7v9H3z M14 3h7v5h-7z M14 12h7v9h-7z M3 16h7v5H3z',
  details: 'M3 5h18v14H3z M3 10h18 M3 15h18 M9 10v9',
  analytics: 'M6 20V11 M12 20V4 M18 20v-6 M3 20h18',
  global: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M3 12h18 M12 3c2.4 2.6 3.6 5.6 3.6 9s-1.2 6.4-3.6 9c-2.4-2.6-3.6-5.6-3.6-9s1.2-6.4 3.6-9z',
  rankings: 'M8 21h8 M12 16v5 M7 4h10v5a5 5 0 0 1-10 0z M17 5h3v2a3 3 0 0 1-3 3 M7 5H4v2a3 3 0 0 0 3 3',
  channels: 'M3 5h18v14H3z M10 9l5 3-5 3z',
  networks:
    'M6 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6z M18 3a3 3 0 1 0 0 6a3 3 0 1 0 0-6z M18 15a3 3 0 1 0 0 6a3 3 0 1 0 0-6z M8.7 10.6l6.6-3.2 M8.7 13.4l6.6 3.2',
  trends: 'M3 17l6-6 4 4 8-8 M14 7h7v7',
  search: 'M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14z M21 21l-5-5',
  support: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M9.2 9.2a3 3 0 0 1 5.8 1c0 2-3 2.6-3 4 M12 17.5v.01',
  logout: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4 M16 17l5-5-5-5 M21 12H9',
  menu: 'M3 6h18 M3 12h18 M3 18h18',
  pencil: 'M16.5 3.5l4 4L8 20H4v-4z M14 6l4 4',
  check: 'M5 12.5l4.5 4.5L19 7',
  close: 'M6 6l12 12 M18 6L6 18',
  mail: 'M3 5h18v14H3z M3 6l9 7 9-7',
  console: 'M3 4h18v16H3z M7 9l3 3-3 3 M13 15h4',
  statements: 'M6 3h9l4 4v14H6z M15 3v4h4 M9 12h7 M9 16h7 M9 8h3',
  /* The theme switch: the system's screen, light, dark. */
  monitor: 'M3 4h18v12H3z M8 20h8 M12 16v4',
  sun: 'M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8z M12 2v2 M12 20v2 M4.9 4.9l1.4 1.4 M17.7 17.7l1.4 1.4 M2 12h2 M20 12h2 M4.9 19.1l1.4-1.4 M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
} as const;

export type IconName = keyof typeof ICON_PATHS;
