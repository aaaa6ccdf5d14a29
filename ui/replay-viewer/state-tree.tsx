import { useState } from 'react';
import { diffStates } from '../../core/store/state-diff';

const MAX_PREVIEW = 160;

function preview(value: unknown): string {
  if (value === undefined) return '(absent)';
  // JSON has no functions nor symbols: a state holds none, but say what it is if one slips in.
  const text = JSON.stringify(value) ?? `(${typeof value})`;
  return text.length > MAX_PREVIEW ? `${text.slice(0, MAX_PREVIEW)}…` : text;
}

const isBranch = (value: unknown): value is Record<string, unknown> | unknown[] => typeof value === 'object' && value !== null;

/** A collapsible tree of a state; a branch renders its children only once opened, so a big state stays cheap. */
export function StateTree({ name, value, open: initiallyOpen = false }: { readonly name: string; readonly value: unknown; readonly open?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  if (!isBranch(value)) {
    return (
      <div className="rv-leaf">
        <span className="rv-key">{name}</span>: <span className="rv-value">{preview(value)}</span>
      </div>
    );
  }
  const keys = Object.keys(value);
  const summary = Array.isArray(value) ? `[${keys.length}]` : `{${keys.length}}`;
  return (
    <details className="rv-branch" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <span className="rv-key">{name}</span> <span className="rv-summary">{summary}</span>
      </summary>
      {open ? keys.map((key) => <StateTree key={key} name={key} value={(value as Record<string, unknown>)[key]} />) : null}
    </details>
  );
}

/** The changes from the previous step's state (core/store/state-diff.ts, the replay tool's). */
export function StateDiff({ before, after }: { readonly before: unknown; readonly after: unknown }) {
  const changes = diffStates(before, after);
  if (changes.length === 0) return <p className="rv-muted">No change.</p>;
  return (
    <table className="rv-diff" data-testid="replay-diff">
      <tbody>
        {changes.map((change) => (
          <tr key={change.path}>
            <td className="rv-key">{change.path}</td>
            <td className="rv-before">{preview(change.before)}</td>
            <td className="rv-after">{preview(change.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
