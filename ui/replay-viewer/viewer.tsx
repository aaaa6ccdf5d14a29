import { useEffect, useMemo, useState } from 'react';
import type { TimelineEntry } from '../../core/replay-viewer/timeline';
import type { TranscriptLinks } from '../../core/replay-viewer/transcript-links';
import { formatStateChanges, type StateDivergence } from '../../core/store/divergence';
import type { WidgetState } from '../../core/widget/state';
import { checkTranscriptLog, checkWidgetLog, linkLogTranscript, type CheckResult } from './divergence';
import type { LoadedLog, LoadedSession } from './load';
import { StateDiff, StateTree } from './state-tree';
import { TranscriptPane } from './transcript-pane';
import { ListRow, VirtualList } from './virtual-list';
import { WidgetFrame } from './widget-frame';

const MAX_PATHS_SHOWN = 12;

const LIST_HEIGHT = 440;
const PLAY_STEP_MS = 150;
const SOURCES = ['ui', 'adapter', 'epic'] as const;
const DEFAULT_VIEWPORT = { width: 300, height: 380 };

const seconds = (t: number) => `${(t / 1000).toFixed(3)} s`;

/** The transcript entry a divergence at the ports names ("... (transcript line N)", core/store/transcript-replay.ts). */
const transcriptEntryOf = (message: string): number | null => {
  const line = /\(transcript line (\d+)\)/.exec(message)?.[1];
  return line === undefined ? null : Number(line) - 2;
};

function TimelineRow({
  row,
  top,
  selected,
  linked,
  onSelect,
}: {
  readonly row: TimelineEntry;
  readonly top: number;
  readonly selected: boolean;
  readonly linked: boolean;
  readonly onSelect: (index: number) => void;
}) {
  return (
    <ListRow
      testId="timeline-row"
      data={{ 'data-seq': row.seq }}
      kindClass={`rv-src-${row.src}`}
      top={top}
      selected={selected}
      linked={linked}
      onSelect={() => onSelect(row.index)}
    >
      <span className="rv-seq">{row.seq}</span>
      <span className="rv-t">{seconds(row.t)}</span>
      <span className="rv-src">{row.src}</span>
      <span className="rv-type">{row.type}</span>
      {row.cause === undefined ? null : <span className="rv-cause">← {row.cause}</span>}
    </ListRow>
  );
}

type Linking =
  | { readonly kind: 'none' }
  | { readonly kind: 'linking' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'ready'; readonly links: TranscriptLinks };

/**
 * The engine log's transcript links, made after the first paint (one replay of the log over its
 * transcript) and kept per log, so that switching logs back and forth replays once. `now` makes them
 * at once (the check against today's code reads the same replay).
 */
function useTranscriptLinks(log: LoadedLog): { readonly linking: Linking; readonly now: () => Linking } {
  const [cache, setCache] = useState<ReadonlyMap<LoadedLog, Linking>>(() => new Map());
  const make = (): Linking => {
    const known = cache.get(log);
    if (known !== undefined) return known;
    if (log.transcript === null) return { kind: 'none' };
    let made: Linking;
    try {
      if (log.source === 'widget') throw new Error('the widget’s log replays on fake ports, not over a transcript');
      made = { kind: 'ready', links: linkLogTranscript(log.source, log.text, log.transcript) };
    } catch (err) {
      made = { kind: 'failed', message: `The port transcript could not be read: ${err instanceof Error ? err.message : String(err)}` };
    }
    setCache((before) => new Map(before).set(log, made));
    return made;
  };
  const pending = log.transcript !== null && !cache.has(log);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(make, 0);
    return () => clearTimeout(timer);
    // make reads the current log and cache only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [log, pending]);
  const linking: Linking = log.transcript === null ? { kind: 'none' } : (cache.get(log) ?? { kind: 'linking' });
  return { linking, now: make };
}

export function Viewer({ session }: { readonly session: LoadedSession }) {
  const [logIndex, setLogIndex] = useState(0);
  const log = session.logs[logIndex] ?? session.logs[0];
  if (log === undefined) throw new Error('A loaded session has at least one log.');
  const { timeline } = log;
  const [selected, setSelected] = useState(-1);
  const [selectedEntry, setSelectedEntry] = useState<number | null>(null);
  const [domain, setDomain] = useState('');
  const [sources, setSources] = useState<ReadonlySet<string>>(new Set(SOURCES));
  const [playing, setPlaying] = useState(false);
  const [check, setCheck] = useState<CheckResult | null>(null);
  const { linking, now: linkNow } = useTranscriptLinks(log);
  const links = linking.kind === 'ready' ? linking.links : null;

  const domains = useMemo(() => [...new Set(timeline.entries.map((entry) => entry.domain))].sort(), [timeline]);
  const rows = useMemo(
    () => timeline.entries.filter((entry) => (domain === '' || entry.domain === domain) && sources.has(entry.src)),
    [timeline, domain, sources],
  );

  /** An action chosen in the list, the chain or by stepping: the transcript follows it. */
  const selectAction = (index: number) => {
    setSelected(index);
    setSelectedEntry(null);
  };
  /** An entry chosen in the transcript: its first linked action becomes the step shown. */
  const selectEntry = (index: number) => {
    setSelectedEntry(index);
    const first = links?.linksOf(index)[0];
    const at = first === undefined ? undefined : timeline.indexOfSeq(first.seq);
    if (at !== undefined) setSelected(at);
  };
  // The actions the selected transcript entry is linked to, marked in the list.
  const linkedSeqs = useMemo(
    () => new Set(selectedEntry === null || links === null ? [] : links.linksOf(selectedEntry).map((each) => each.seq)),
    [links, selectedEntry],
  );

  // Step back and forward move through the filtered rows, as the list shows them.
  const position = rows.findIndex((row) => row.index === selected);
  const step = (delta: number) => {
    const next = position < 0 ? (delta > 0 ? rows[0] : rows.at(-1)) : rows[position + delta];
    if (next !== undefined) selectAction(next.index);
    else if (delta < 0 && position === 0) selectAction(-1);
  };
  useEffect(() => {
    if (!playing) return;
    const next = rows[position + 1];
    // Playing stops after the last row.
    const timer = setTimeout(() => {
      if (next === undefined) return setPlaying(false);
      setSelected(next.index);
      setSelectedEntry(null);
    }, PLAY_STEP_MS);
    return () => clearTimeout(timer);
  }, [playing, position, rows]);

  // The previous step first: stateAt goes on from the last step it folded to, so this step and the next fold one action each.
  const previous = selected < 0 ? timeline.initialState : timeline.stateAt(selected - 1).state;
  const current = timeline.stateAt(selected).state;
  const entry = timeline.entries[selected];
  const chain = selected < 0 ? [] : timeline.causalChain(selected);
  const widgetState = log.source === 'widget' ? (current as WidgetState) : null;
  const viewport = session.viewport ?? (widgetState !== null && widgetState.viewport.width > 0 ? widgetState.viewport : DEFAULT_VIEWPORT);

  const runCheck = () => {
    if (log.source === 'widget') return setCheck(checkWidgetLog(log.text));
    const made = linkNow();
    if (made.kind === 'failed') return setCheck({ kind: 'not-checked', reason: made.message });
    setCheck(checkTranscriptLog(log.source, log.text, made.kind === 'ready' ? made.links : null));
  };
  const jumpTo = (divergence: StateDivergence) => {
    setDomain('');
    setSources(new Set(SOURCES));
    setSelected(timeline.indexOfSeq(divergence.seq) ?? timeline.entries.length - 1);
    // A divergence at the ports names the transcript line where the epics went another way.
    setSelectedEntry(log.transcript === null ? null : transcriptEntryOf(divergence.message));
  };

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
                selectAction(-1);
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
        <button type="button" data-testid="check" onClick={runCheck}>
          Check against today’s code
        </button>
      </div>
      {check === null ? null : <CheckReport check={check} source={log.source} onJump={jumpTo} />}
      <div className="rv-main">
        <section className="rv-col rv-col--timeline" aria-label="Actions">
          <VirtualList
            items={rows}
            height={LIST_HEIGHT}
            label="Actions"
            reveal={position}
            keyOf={(row) => row.index}
            onMove={step}
            renderRow={(row, top) => (
              <TimelineRow row={row} top={top} selected={row.index === selected} linked={linkedSeqs.has(row.seq)} onSelect={selectAction} />
            )}
          />
          <h2>Causal chain</h2>
          {chain.length === 0 ? (
            <p className="rv-muted">Select an action.</p>
          ) : (
            <ol className="rv-chain" data-testid="causal-chain">
              {chain.map((link) => (
                <li key={link.seq}>
                  <button type="button" className="rv-link" onClick={() => selectAction(link.index)}>
                    seq {link.seq}
                  </button>{' '}
                  {link.src} {link.type}
                </li>
              ))}
            </ol>
          )}
        </section>
        <section className="rv-col rv-col--state" aria-label="State">
          <h2>Action</h2>
          <pre className="rv-action" tabIndex={0} aria-label="The action, as recorded">
            {entry === undefined ? '—' : JSON.stringify(timeline.actionAt(selected), null, 1)}
          </pre>
          <h2>Diff from the previous step</h2>
          <StateDiff before={previous} after={current} />
          <h2>State</h2>
          <div className="rv-tree" data-testid="state-tree">
            <StateTree name="state" value={current} open />
          </div>
        </section>
        {widgetState === null ? null : <WidgetFrame state={widgetState} viewport={viewport} />}
        {log.source === 'widget' || (log.source === 'webplayer' && log.transcript === null) ? null : (
          <section className="rv-col rv-col--transcript" aria-label="Port transcript" data-testid="transcript-pane">
            <h2>Port transcript</h2>
            {linking.kind === 'none' ? <p className="rv-muted">This session has no port transcript beside this log.</p> : null}
            {linking.kind === 'linking' ? <p className="rv-muted">Linking the transcript to the actions…</p> : null}
            {linking.kind === 'failed' ? <p className="rv-note">{linking.message}</p> : null}
            {links === null ? null : (
              <TranscriptPane
                links={links}
                timeline={timeline}
                selectedAction={selected}
                selectedEntry={selectedEntry}
                onSelectEntry={selectEntry}
                onSelectAction={selectAction}
              />
            )}
          </section>
        )}
      </div>
    </div>
  );
}

/** The check's outcome: the first divergent seq, the replay's account and the state paths it changes. */
function CheckReport({
  check,
  source,
  onJump,
}: {
  readonly check: CheckResult;
  readonly source: LoadedLog['source'];
  readonly onJump: (divergence: StateDivergence) => void;
}) {
  const how = source === 'widget' ? 'engine replay on the fake ports' : 'engine replay over the port transcript';
  return (
    <div className="rv-check" data-testid="check-result" role="status">
      {check.kind === 'same' ? `Replays the same on today’s code (fold and ${how}).` : null}
      {check.kind === 'not-checked' ? check.reason : null}
      {check.kind === 'diverged' ? (
        <>
          <button type="button" data-testid="jump-divergence" onClick={() => onJump(check.divergence)}>
            Jump to the first divergence (seq {check.divergence.seq})
          </button>{' '}
          <span data-testid="divergence-message">{check.divergence.message}</span>
          <div data-testid="divergence-paths" className="rv-paths">
            {check.divergence.changes.length === 0 ? (
              <span className="rv-muted">The state after it is the same: only the action differs.</span>
            ) : (
              <>
                State after seq {check.divergence.seq} (recorded → today):
                <ul>
                  {formatStateChanges(check.divergence.changes.slice(0, MAX_PATHS_SHOWN)).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                  {check.divergence.changes.length > MAX_PATHS_SHOWN ? <li>… {check.divergence.changes.length - MAX_PATHS_SHOWN} more</li> : null}
                </ul>
              </>
            )}
          </div>
        </>
      ) : null}
    </div>
  );
}
