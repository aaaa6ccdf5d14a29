import { useEffect, useMemo, useRef, useState } from 'react';
import type { TimelineEntry } from '../../core/replay-viewer/timeline';
import type { WidgetState } from '../../core/widget/state';
import { checkWidgetLog, type CheckResult } from './divergence';
import type { LoadedSession } from './load';
import { StateDiff, StateTree } from './state-tree';
import { WidgetFrame } from './widget-frame';

const ROW_HEIGHT = 22;
const LIST_HEIGHT = 440;
/** Rows drawn beyond the visible ones, so a fast scroll shows no blank band. */
const OVERSCAN = 10;
const PLAY_STEP_MS = 150;
const SOURCES = ['ui', 'adapter', 'epic'] as const;
const DEFAULT_VIEWPORT = { width: 300, height: 380 };

const seconds = (t: number) => `${(t / 1000).toFixed(3)} s`;

/**
 * Issue 19 "virtualised lists": only the rows in view (and a few around them) are in the DOM, so a
 * 1-hour session's ten thousand actions scroll as fast as a short one.
 */
function TimelineList({
  rows,
  selected,
  onSelect,
}: {
  readonly rows: ReadonlyArray<TimelineEntry>;
  readonly selected: number;
  readonly onSelect: (index: number) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const position = rows.findIndex((row) => row.index === selected);
  useEffect(() => {
    const list = ref.current;
    if (list === null || position < 0) return;
    const top = position * ROW_HEIGHT;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + ROW_HEIGHT > list.scrollTop + LIST_HEIGHT) list.scrollTop = top + ROW_HEIGHT - LIST_HEIGHT;
  }, [position]);
  // A filter that shortens the list makes the browser clamp its scroll without always firing a scroll event.
  const top = Math.min(scrollTop, Math.max(0, rows.length * ROW_HEIGHT - LIST_HEIGHT));
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((top + LIST_HEIGHT) / ROW_HEIGHT) + OVERSCAN);
  return (
    <div
      className="rv-list"
      ref={ref}
      style={{ height: LIST_HEIGHT }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      role="listbox"
      aria-label="Actions"
    >
      <div style={{ height: rows.length * ROW_HEIGHT, position: 'relative' }}>
        {rows.slice(first, last).map((row, offset) => (
          <div
            key={row.index}
            role="option"
            aria-selected={row.index === selected}
            data-testid="timeline-row"
            data-seq={row.seq}
            className={`rv-row rv-src-${row.src}${row.index === selected ? ' rv-row--selected' : ''}`}
            style={{ top: (first + offset) * ROW_HEIGHT, height: ROW_HEIGHT }}
            onClick={() => onSelect(row.index)}
          >
            <span className="rv-seq">{row.seq}</span>
            <span className="rv-t">{seconds(row.t)}</span>
            <span className="rv-src">{row.src}</span>
            <span className="rv-type">{row.type}</span>
            {row.cause === undefined ? null : <span className="rv-cause">← {row.cause}</span>}
          </div>
        ))}
      </div>
    </div>
  );
}

export function Viewer({ session }: { readonly session: LoadedSession }) {
  const [logIndex, setLogIndex] = useState(0);
  const log = session.logs[logIndex] ?? session.logs[0];
  if (log === undefined) throw new Error('A loaded session has at least one log.');
  const { timeline } = log;
  const [selected, setSelected] = useState(-1);
  const [domain, setDomain] = useState('');
  const [sources, setSources] = useState<ReadonlySet<string>>(new Set(SOURCES));
  const [playing, setPlaying] = useState(false);
  const [check, setCheck] = useState<CheckResult | null>(null);

  const domains = useMemo(() => [...new Set(timeline.entries.map((entry) => entry.domain))].sort(), [timeline]);
  const rows = useMemo(
    () => timeline.entries.filter((entry) => (domain === '' || entry.domain === domain) && sources.has(entry.src)),
    [timeline, domain, sources],
  );

  // Step back and forward move through the filtered rows, as the list shows them.
  const position = rows.findIndex((row) => row.index === selected);
  const step = (delta: number) => {
    const next = position < 0 ? (delta > 0 ? rows[0] : rows.at(-1)) : rows[position + delta];
    if (next !== undefined) setSelected(next.index);
    else if (delta < 0 && position === 0) setSelected(-1);
  };
  useEffect(() => {
    if (!playing) return;
    const next = rows[position + 1];
    // Playing stops after the last row.
    const timer = setTimeout(() => (next === undefined ? setPlaying(false) : setSelected(next.index)), PLAY_STEP_MS);
    return () => clearTimeout(timer);
  }, [playing, position, rows]);

  // The previous step first: stateAt goes on from the last step it folded to, so this step and the next fold one action each.
  const previous = selected < 0 ? timeline.initialState : timeline.stateAt(selected - 1).state;
  const current = timeline.stateAt(selected).state;
  const entry = timeline.entries[selected];
  const chain = selected < 0 ? [] : timeline.causalChain(selected);
  const widgetState = log.source === 'widget' ? (current as WidgetState) : null;
  const viewport = session.viewport ?? (widgetState !== null && widgetState.viewport.width > 0 ? widgetState.viewport : DEFAULT_VIEWPORT);

  return (
    <div className="rv">
      <header className="rv-header">
        <h1>Replay</h1>
        <span className="rv-title">{session.title}</span>
        {session.description === null ? null : <span className="rv-description">“{session.description}”</span>}
      </header>
      <div className="rv-toolbar">
        {session.logs.length > 1 ? (
          <label>
            Log{' '}
            <select
              value={logIndex}
              onChange={(event) => {
                setLogIndex(Number(event.currentTarget.value));
                setSelected(-1);
                setPlaying(false);
                // The other log has domains of its own.
                setDomain('');
                setSources(new Set(SOURCES));
                setCheck(null);
              }}
            >
              {session.logs.map((each, index) => (
                <option key={each.name} value={index}>
                  {each.source}: {each.name} ({each.timeline.entries.length})
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="button" onClick={() => step(-1)} data-testid="step-back" aria-label="Step back">
          ◀ Back
        </button>
        <button type="button" onClick={() => setPlaying(!playing)} data-testid="play">
          {playing ? '❚❚ Pause' : '▶ Play'}
        </button>
        <button type="button" onClick={() => step(1)} data-testid="step-forward" aria-label="Step forward">
          Forward ▶
        </button>
        <span className="rv-step" data-testid="replay-step">
          {entry === undefined ? 'Before the first action' : `seq ${entry.seq} · ${seconds(entry.t)} · ${entry.type}`}
        </span>
        <label>
          Domain{' '}
          <select value={domain} onChange={(event) => setDomain(event.currentTarget.value)} data-testid="domain-filter">
            <option value="">all</option>
            {domains.map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
        </label>
        {SOURCES.map((src) => (
          <label key={src}>
            <input
              type="checkbox"
              data-testid={`source-${src}`}
              checked={sources.has(src)}
              onChange={(event) => {
                const next = new Set(sources);
                if (event.currentTarget.checked) next.add(src);
                else next.delete(src);
                setSources(next);
              }}
            />{' '}
            {src}
          </label>
        ))}
        <span className="rv-muted">
          {rows.length} of {timeline.entries.length} actions
        </span>
        {log.source === 'widget' ? (
          <button type="button" data-testid="check" onClick={() => setCheck(checkWidgetLog(log.text))}>
            Check against today’s code
          </button>
        ) : null}
        {check === null ? null : (
          <span className="rv-check" data-testid="check-result">
            {check.kind === 'same' ? 'Replays the same (fold and engine replay).' : null}
            {check.kind === 'not-checked' ? check.reason : null}
            {check.kind === 'diverged' ? (
              <>
                <button
                  type="button"
                  data-testid="jump-divergence"
                  onClick={() => {
                    setDomain('');
                    setSources(new Set(SOURCES));
                    setSelected(timeline.indexOfSeq(check.divergence.seq) ?? timeline.entries.length - 1);
                  }}
                >
                  Jump to the first divergence (seq {check.divergence.seq})
                </button>{' '}
                {check.divergence.message}
              </>
            ) : null}
          </span>
        )}
      </div>
      <div className="rv-main">
        <section className="rv-col rv-col--timeline">
          <TimelineList rows={rows} selected={selected} onSelect={setSelected} />
          <h2>Causal chain</h2>
          {chain.length === 0 ? (
            <p className="rv-muted">Select an action.</p>
          ) : (
            <ol className="rv-chain" data-testid="causal-chain">
              {chain.map((link) => (
                <li key={link.seq}>
                  <button type="button" className="rv-link" onClick={() => setSelected(link.index)}>
                    seq {link.seq}
                  </button>{' '}
                  {link.src} {link.type}
                </li>
              ))}
            </ol>
          )}
        </section>
        <section className="rv-col rv-col--state">
          <h2>Action</h2>
          <pre className="rv-action">{entry === undefined ? '—' : JSON.stringify(timeline.actionAt(selected), null, 1)}</pre>
          <h2>Diff from the previous step</h2>
          <StateDiff before={previous} after={current} />
          <h2>State</h2>
          <div className="rv-tree" data-testid="state-tree">
            <StateTree name="state" value={current} open />
          </div>
        </section>
        {widgetState === null ? null : (
          <section className="rv-col rv-col--widget">
            <h2>Widget</h2>
            <WidgetFrame state={widgetState} viewport={viewport} />
          </section>
        )}
      </div>
    </div>
  );
}
