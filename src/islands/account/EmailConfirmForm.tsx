// Confirm Email: one button that spends the key from the e-mailed link.
import { useState } from 'react';
import { apiPost, errorMessage } from '../../client/api';
import Banner from '../shared/Banner';
import { useBanner } from '../shared/use-banner';
import { useHydrated } from '../shared/use-hydrated';

export const EMAIL_CONFIRMED_MESSAGE = 'Email was successfully confirmed';

interface Props {
  linkKey: string;
  signedIn: boolean;
}

export default function EmailConfirmForm({ linkKey, signedIn }: Props) {
  const [state, setState] = useState<'ready' | 'sending' | 'done'>('ready');
  const { banner, showBanner, clearBanner } = useBanner();
  const hydrated = useHydrated();

  async function confirm() {
    setState('sending');
    clearBanner();
    try {
      await apiPost('/api/profile/change_email/confirm', { key: linkKey });
      showBanner('success', EMAIL_CONFIRMED_MESSAGE);
      setState('done');
    } catch (error) {
      showBanner('error', errorMessage(error));
      setState('ready');
    }
  }

  return (
    <div>
      <Banner banner={banner} />
      {state === 'done' ? (
        <a className="button button-wide" href={signedIn ? '/profile' : '/'}>
          {signedIn ? 'Go to profile' : 'Log in'}
        </a>
      ) : (
        <button className="button button-wide" type="button" onClick={confirm} disabled={!hydrated || state === 'sending'}>
          Confirm
        </button>
      )}
    </div>
  );
}
