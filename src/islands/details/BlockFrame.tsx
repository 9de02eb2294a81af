// A details block's frame: its content, the loading overlay while its call runs, and its failure message
// in place of the content (a failed block never breaks the page).
import type { ReactNode } from 'react';
import type { Block } from '../../stores/details-data';

interface Props {
  label: string;
  block: Block<unknown>;
  children: ReactNode;
  /** Controls that stay usable when the block fails (the chart's view and bucket size). */
  controls?: ReactNode;
  className?: string;
}

export default function BlockFrame({ label, block, children, controls, className = '' }: Props) {
  // Idle on the server means the server could not read it: the island asks for it after hydration.
  const loading = block.status === 'idle' || block.status === 'loading';
  return (
    <section className={`card details-block ${className}`} aria-label={label} aria-busy={loading}>
      {controls}
      {block.status === 'failed' ? (
        <p className="block-error" role="alert">
          {label} could not be loaded: {block.error ?? 'error'}
        </p>
      ) : (
        children
      )}
      {loading && (
        <div className="loading-overlay" role="progressbar" aria-label={`Loading ${label.toLowerCase()}`}>
          <span className="spinner" />
        </div>
      )}
    </section>
  );
}
