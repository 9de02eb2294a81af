// Charts drawn one per browser task. Chart.js builds and draws a chart in tens of milliseconds on a slow
// phone; the cards' charts drawn together, when Chart.js arrives, made one long task that held every
// click and key press (Lighthouse's Total Blocking Time). Each chart now waits for its turn, and the next
// turn starts in a new task once the previous chart is on screen.
import { useCallback, useEffect, useRef, useState } from 'react';

// Per page, on purpose: the queue is the page's one main thread.
const waiting: Array<() => void> = [];
let busy = false;

function grantNext(): void {
  const next = waiting.shift();
  busy = next !== undefined;
  next?.();
}

/** Ends the current turn: the next chart is drawn in a later task, after the browser has had its say. */
function endTurn(): void {
  setTimeout(grantNext, 0);
}

/**
 * Whether this chart may draw now; call `done` once it has (an effect after it mounts). A chart that
 * goes away during its turn ends the turn, so the charts after it still draw.
 * @example const { ready, done } = useChartTurn()
 */
export function useChartTurn(): { ready: boolean; done: () => void } {
  const [ready, setReady] = useState(false);
  const holding = useRef(false);
  const done = useCallback(() => {
    if (!holding.current) return;
    holding.current = false;
    endTurn();
  }, []);
  useEffect(() => {
    let mounted = true;
    const grant = () => {
      if (!mounted) return endTurn();
      holding.current = true;
      setReady(true);
    };
    waiting.push(grant);
    if (!busy) grantNext();
    return () => {
      mounted = false;
      const queued = waiting.indexOf(grant);
      if (queued >= 0) waiting.splice(queued, 1);
      done();
    };
  }, [done]);
  return { ready, done };
}
