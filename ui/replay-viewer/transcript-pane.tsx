import { useMemo, useState } from 'react';
import type { EntryCategory, TranscriptLinks, TranscriptRow } from '../../core/replay-viewer/transcript-links';
import type { ReplayTimeline } from '../../core/replay-viewer/timeline';
import { ListRow, VirtualList } from './virtual-list';

const LIST_HEIGHT = 330;
const CATEGORIES: ReadonlyArray<EntryCategory> = ['input', 'http', 'socket', 'timer', 'clock', 'random', 'storage', 'media', 'other'];

/**
 * Issue 19 "the engine's port transcript beside its actions: each HTTP answer, socket frame, timer
 * and clock read, linked to the action it caused" (core/replay-viewer/transcript-links.ts). The
 * entries linked to the selected action are marked; choosing an entry selects the action it is
 * linked to and marks every action it is linked to in the action list.
 */
export function TranscriptPane({
  links,
  timeline,
  selectedAction,
  selectedEntry,
  onSelectEntry,
  onSelectAction,
}: {
  readonly links: TranscriptLinks;
  readonly timeline: ReplayTimeline<unknown>;
  readonly selectedAction: number;
  readonly selectedEntry: number | null;
  readonly onSelectEntry: (index: number) => void;
  readonly onSelectAction: (index: number) => void;
}) {
  const [category, setCategory] = useState<EntryCategory | ''>('');
  const rows = useMemo(() => (category === '' ? links.rows : links.rows.filter((row) => row.category === category)), [links, category]);
  const action = timeline.entries[selectedAction];
  const linked = useMemo(() => new Set(action === undefined ? [] : links.entriesOf(action.seq)), [links, action]);
  // The selected entry if it is listed, else the first entry linked to the selected action.
  const reveal = useMemo(() => {
    const selectedAt = selectedEntry === null ? -1 : rows.findIndex((row) => row.index === selectedEntry);
    return selectedAt >= 0 ? selectedAt : rows.findIndex((row) => linked.has(row.index));
  }, [rows, selectedEntry, linked]);
  const position = selectedEntry === null ? -1 : rows.findIndex((row) => row.index === selectedEntry);
  const chosen = selectedEntry === null ? undefined : links.rows[selectedEntry];

  return (
    <>
      <div className="rv-pane-tools">
        <label>
          Port{' '}
          <select value={category} onChange={(event) => setCategory(event.currentTarget.value as EntryCategory | '')} data-testid="transcript-filter">
            <option value="">all</option>
            {CATEGORIES.map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
        </label>
        <span className="rv-muted" data-testid="transcript-summary">
          {action === undefined
            ? `${rows.length} of ${links.rows.length} entries`
            : `${linked.size} linked to seq ${action.seq} · ${rows.length} of ${links.rows.length} entries`}
        </span>
      </div>
      {links.note === null ? null : (
        <p className="rv-note" data-testid="transcript-note">
          {links.note}
        </p>
      )}
      <VirtualList
        items={rows}
        height={LIST_HEIGHT}
        label="Port transcript"
        testId="transcript-list"
        reveal={reveal}
        revealAt="top"
        keyOf={(row) => row.index}
        onMove={(delta) => {
          const next = rows[(position < 0 ? (delta > 0 ? -1 : rows.length) : position) + delta];
          if (next !== undefined) onSelectEntry(next.index);
        }}
        renderRow={(row, top) => (
          <TranscriptRowView row={row} top={top} selected={row.index === selectedEntry} linked={linked.has(row.index)} onSelect={onSelectEntry} />
        )}
      />
      {chosen === undefined ? null : (
        <div data-testid="transcript-entry">
          <h3>Transcript line {chosen.index + 2}</h3>
          <p className="rv-links">
            {links.linksOf(chosen.index).length === 0
              ? 'Linked to no action.'
              : links.linksOf(chosen.index).map(({ seq, relation }) => {
                  const index = timeline.indexOfSeq(seq);
                  const entry = index === undefined ? undefined : timeline.entries[index];
                  return (
                    <span key={seq} className="rv-link-item">
                      {relation === 'caused' ? 'Caused' : 'Made while'}{' '}
                      <button type="button" className="rv-link" onClick={() => index !== undefined && onSelectAction(index)}>
                        seq {seq}
                      </button>{' '}
                      {entry?.type ?? ''}
                    </span>
                  );
                })}
          </p>
          <pre className="rv-action" tabIndex={0} aria-label="The transcript entry, as recorded">
            {JSON.stringify(chosen.entry, null, 1)}
          </pre>
        </div>
      )}
    </>
  );
}

function TranscriptRowView({
  row,
  top,
  selected,
  linked,
  onSelect,
}: {
  readonly row: TranscriptRow;
  readonly top: number;
  readonly selected: boolean;
  readonly linked: boolean;
  readonly onSelect: (index: number) => void;
}) {
  return (
    <ListRow
      testId="transcript-row"
      data={{ 'data-index': row.index }}
      kindClass={`rv-cat-${row.category}`}
      top={top}
      selected={selected}
      linked={linked}
      onSelect={() => onSelect(row.index)}
      title={row.text}
    >
      <span className="rv-seq">{row.index + 2}</span>
      <span className="rv-cat">{row.category}</span>
      <span className="rv-type">{row.text}</span>
    </ListRow>
  );
}
