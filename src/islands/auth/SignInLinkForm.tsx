// The sign-in link page: one button spends the e-mailed key (a click, so a mail scanner that opens
// the link spends nothing), then the dashboard.
import { useState } from 'react';
import { apiPost, errorMessage } from '../../client/api';
import Banner from '../shared/Banner';
import { useBanner } from '../shared/use-banner';
import { useHydrated } from '../shared/use-hydrated';

interface Props {
  linkKey: string;
}

export default function SignInLinkForm({ linkKey }: Props) {
  const [sending, setSending] = useState(false);
  const { banner, showBanner, clearBanner } = useBanner();
  const hydrated = useHydrated();

  async function signIn() {
    setSending(true);
    clearBanner();
    try {
      await apiPost('/api/auth/sign-in-link', { key: linkKey });
      window.location.assign('/dashboard');
    } catch (error) {
      showBanner('error', errorMessage(error));
      setSending(false);
    }
  }

  return (
    <div>
      <Banner banner={banner} />
      <button className="button button-wide" type="button" onClick={signIn} disabled={!hydrated || sending}>
        Sign in
      </button>
    </div>
  );
}
