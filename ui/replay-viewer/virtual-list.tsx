import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';

export const ROW_HEIGHT = 22;
/** Rows drawn beyond the visible ones, so a fast scroll shows no blank band. */
const OVERSCAN = 10;
/** Rows kept above a row revealed at the top. */
const CONTEXT_ROWS = 2;

/**
 * Issue 19 "virtualised lists": only the rows in view (and a few around them) are in the DOM, so a
 * 1-hour session's ten thousand actions, or its engine's thousands of port answers, scroll as fast
 * as a short one. `reveal` is the position brought into view when it changes (the selected row, or
 * the first row linked to the selection in the other list).
 */
export function VirtualList<T>({
  items,
  height,
  label,
  testId,
  reveal,
  revealAt = 'nearest',
  keyOf,
  renderRow,
  onMove,
}: {
  readonly items: ReadonlyArray<T>;
  readonly height: number;
  readonly label: string;
  readonly testId?: string;
  readonly reveal: number;
  /** 'nearest' scrolls as little as it can (stepping through a list); 'top' brings the row near the top (a jump). */
  readonly revealAt?: 'nearest' | 'top';
  readonly keyOf: (item: T) => number;
  /** One row, placed at `top` (px) inside the list's full-height box. */
  readonly renderRow: (item: T, top: number) => ReactNode;
  /** The arrow keys move the selection by one row (the list is focusable, as a listbox is). */
  readonly onMove: (delta: number) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  useEffect(() => {
    const list = ref.current;
    if (list === null || reveal < 0) return;
    const top = reveal * ROW_HEIGHT;
    const hidden = top < list.scrollTop || top + ROW_HEIGHT > list.scrollTop + height;
    // Near the top, with a little context above, so that the rows linked after it show too.
    if (hidden && revealAt === 'top') list.scrollTop = Math.max(0, top - CONTEXT_ROWS * ROW_HEIGHT);
    else if (top < list.scrollTop) list.scrollTop = top;
    else if (hidden) list.scrollTop = top + ROW_HEIGHT - height;
  }, [reveal, height, revealAt]);
  // A filter that shortens the list makes the browser clamp its scroll without always firing a scroll event.
  const top = Math.min(scrollTop, Math.max(0, items.length * ROW_HEIGHT - height));
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
  return (
    <div
      className="rv-list"
      ref={ref}
      style={{ height }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      tabIndex={0}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        onMove(event.key === 'ArrowDown' ? 1 : -1);
      }}
      role="listbox"
      aria-label={label}
      data-testid={testId}
    >
      <div style={{ height: items.length * ROW_HEIGHT, position: 'relative' }}>
        {items.slice(first, last).map((item, offset) => (
          <Fragment key={keyOf(item)}>{renderRow(item, (first + offset) * ROW_HEIGHT)}</Fragment>
        ))}
      </div>
    </div>
  );
}

/** One row of a VirtualList: placed at `top`, marked when selected or linked to the other list's selection. */
export function ListRow({
  testId,
  data,
  kindClass,
  top,
  selected,
  linked,
  onSelect,
  title,
  children,
}: {
  readonly testId: string;
  /** The row's data-* attributes (its seq or index), for tests and the other list's links. */
  readonly data: Readonly<Record<`data-${string}`, string | number>>;
  /** What colours the row (its action's source, its entry's category). */
  readonly kindClass: string;
  readonly top: number;
  readonly selected: boolean;
  readonly linked: boolean;
  readonly onSelect: () => void;
  readonly title?: string;
  readonly children: ReactNode;
}) {
  return (
    <div
      role="option"
      aria-selected={selected}
      data-testid={testId}
      {...data}
      data-linked={linked ? 'true' : undefined}
      className={`rv-row ${kindClass}${selected ? ' rv-row--selected' : linked ? ' rv-row--linked' : ''}`}
      style={{ top, height: ROW_HEIGHT }}
      onClick={onSelect}
      title={title}
    >
      {children}
    </div>
  );
}
