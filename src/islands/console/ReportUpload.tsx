// A report file into the archive from the console: hashed, sent in the parts the server asks for (a
// progress bar), completed, loaded, and the load followed until it is done.
import { useState, type FormEvent } from 'react';
import { apiGetFrom, apiPostTo, apiPutBytes, errorMessage, leaveIfSignedOut } from '../../client/api';
import { LOAD_DONE_STATES, type ConsoleLoadStarted, type ConsoleLoadState, type ConsoleUpload } from '../../lib/api/console';
import Banner from '../shared/Banner';
import { useBanner } from '../shared/use-banner';
import { useHydrated } from '../shared/use-hydrated';

/** The browser hashes the whole file in memory first: larger files go through `npm run import -- --remote`. */
export const BROWSER_UPLOAD_MAX_BYTES = 512 * 1024 * 1024;
/** How often a running load is asked for its state. */
const LOAD_POLL_MS = 1000;

type Phase = 'idle' | 'hashing' | 'sending' | 'loading' | 'done';

async function sha256Hex(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The load's answer in one line: each file's status and rows. */
function resultText(result: unknown): string {
  const files = (result as { files?: Array<{ name?: string; status?: string; rows?: number }> } | null)?.files ?? [];
  return files
    .map((f) => `${f.name ?? 'file'}: ${f.status ?? '?'}${f.rows === undefined ? '' : `, ${f.rows.toLocaleString('en-US')} rows`}`)
    .join('; ');
}

export default function ReportUpload() {
  // The file being sent, read from the form on submit: its size is the whole of the progress.
  const [file, setFile] = useState<File | null>(null);
  const [network, setNetwork] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [sent, setSent] = useState(0);
  const [step, setStep] = useState('');
  const { banner, showBanner } = useBanner();
  const hydrated = useHydrated();
  const percent = file && file.size > 0 ? Math.round((sent / file.size) * 100) : 0;

  async function follow(load: string): Promise<ConsoleLoadState> {
    for (;;) {
      const state = await apiGetFrom<ConsoleLoadState>(`/api/console/loads/${load}`);
      setStep(state.step ? `${state.state}: ${state.step}` : state.state);
      if (LOAD_DONE_STATES.includes(state.state)) return state;
      await wait(LOAD_POLL_MS);
    }
  }

  async function upload(chosen: File) {
    setPhase('hashing');
    setSent(0);
    const sha256 = await sha256Hex(chosen);
    let state = await apiPostTo<ConsoleUpload>('/api/console/uploads', { name: chosen.name, bytes: chosen.size, sha256 });
    setPhase('sending');
    // Parts R2 holds already (an upload resumed) count as sent.
    const size = (part: number) => Math.min(state.partBytes, chosen.size - (part - 1) * state.partBytes);
    let done = state.state === 'archived' ? chosen.size : state.received.reduce((n, part) => n + size(part), 0);
    setSent(done);
    for (let part = 1; part <= state.parts && state.state === 'receiving'; part += 1) {
      if (state.received.includes(part)) continue;
      const start = (part - 1) * state.partBytes;
      await apiPutBytes<ConsoleUpload>(`/api/console/uploads/${state.id}/parts/${part}`, chosen.slice(start, start + size(part)));
      done += size(part);
      setSent(done);
    }
    state = await apiPostTo<ConsoleUpload>(`/api/console/uploads/${state.id}/complete`, {});
    setPhase('loading');
    const started = await apiPostTo<ConsoleLoadStarted>(
      `/api/console/uploads/${state.id}/load`,
      network.trim() ? { network: network.trim() } : {},
    );
    const finished = await follow(started.load);
    setPhase('done');
    if (finished.state === 'complete') showBanner('success', `Loaded. ${resultText(finished.result)}`);
    else showBanner('error', `The load ${finished.state}: ${finished.error ?? 'no reason given'}`);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form, not from state: a file chosen before the island hydrated counts too.
    const chosen = new FormData(event.currentTarget).get('file');
    if (!(chosen instanceof File) || chosen.name === '') return showBanner('error', 'Choose a report file (.csv) first.');
    setFile(chosen);
    if (chosen.size > BROWSER_UPLOAD_MAX_BYTES) {
      return showBanner('error', 'Files over 512 MB go through the command line: npm run import -- --remote <url> <file>.');
    }
    upload(chosen).catch((error: unknown) => {
      if (leaveIfSignedOut(error)) return;
      setPhase('idle');
      showBanner('error', errorMessage(error));
    });
  }

  const busy = phase === 'hashing' || phase === 'sending' || phase === 'loading';
  return (
    <form className="console-form" onSubmit={submit} noValidate>
      <Banner banner={banner} />
      <div className="field">
        <label htmlFor="upload-file">Report file (.csv)</label>
        <input id="upload-file" className="input" type="file" name="file" accept=".csv,text/csv" />
      </div>
      <div className="field">
        <label htmlFor="upload-network">Network slug (optional)</label>
        <input id="upload-network" className="input" value={network} maxLength={100} onChange={(e) => setNetwork(e.target.value)} />
      </div>
      <button className="button" type="submit" disabled={!hydrated || busy}>
        Upload and load
      </button>
      {phase !== 'idle' && (
        <div className="field">
          <label htmlFor="upload-progress">Upload progress</label>
          <progress id="upload-progress" className="console-progress" max={100} value={percent}>
            {percent} %
          </progress>
          <p className="field-hint" aria-live="polite">
            {phase === 'hashing' ? 'Reading the file…' : `${percent} % sent`}
            {step && ` · load ${step}`}
          </p>
        </div>
      )}
    </form>
  );
}
