import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** spec 000 §2 Modals: the modal fades in 10 ms after it is mounted. */
export const MODAL_FADE_IN_DELAY_MS = 10;

/** A modal button: a label, a click handler, a primary flag; with `href` it is a link opening a new tab. */
export interface ModalButton {
  readonly label: string;
  readonly onClick?: () => void;
  readonly primary?: boolean;
  readonly href?: string;
  readonly testId?: string;
}

export interface ModalProps {
  readonly header: string;
  readonly children?: ReactNode;
  readonly buttons?: ReadonlyArray<ModalButton>;
  /** spec 000 §2: the small variant. */
  readonly small?: boolean;
  /**
   * spec 000 §2: in the top area (solid black) when the layout has no bottom section, otherwise
   * over the bottom area (90% translucent black).
   */
  readonly area: 'top' | 'bottom';
  /** Escape or the close button (spec 000 §2). */
  readonly onClose: (via: 'escape' | 'button') => void;
  readonly closeLabel: string;
  readonly testId?: string;
}

/** The bottom-area modal's top edge: the bottom section's, unless the modal needs more room above it. */
export function bottomAreaTop(sectionTop: number, panelHeight: number, needed: number): number {
  return Math.max(0, Math.min(sectionTop, panelHeight - needed));
}

/** The height of the modal's content in flow (heading, text, buttons) with its gaps and padding. */
function neededHeight(el: HTMLElement): number {
  const style = getComputedStyle(el);
  const px = (v: string) => Number.parseFloat(v) || 0;
  const inFlow = Array.from(el.children).filter((child) => getComputedStyle(child).position !== 'absolute' && getComputedStyle(child).display !== 'none');
  const content = inFlow.reduce((sum, child) => sum + child.getBoundingClientRect().height, 0);
  return Math.ceil(content + Math.max(0, inFlow.length - 1) * px(style.rowGap) + px(style.paddingTop) + px(style.paddingBottom));
}

/**
 * The generic modal of spec 000 §2: a header and buttons, a small variant, a fade-in 10 ms after
 * mount (a class added by a timer, so the CSS transition runs from the first painted state),
 * closed by Escape or its close button. It is rendered as the last child of the embed panel; over
 * the bottom area it starts where the bottom section starts.
 */
export function Modal({ header, children, buttons = [], small = false, area, onClose, closeLabel, testId }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), MODAL_FADE_IN_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose('escape');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  // A resize moves the bottom section without rendering the modal again: measure again then.
  const [, setResizes] = useState(0);
  useEffect(() => {
    const onResize = () => setResizes((n) => n + 1);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  // Over the bottom area: from the bottom section's top edge down (it moves with the layout), or
  // higher when that area is shorter than the heading and buttons need (a list at 152 px leaves a
  // strip of about 60 px): the modal grows upwards, so nothing of it is cut (issue 13).
  // Measured after every render and written to the element before paint: a measurement, not state (state
  // here would render the modal again only to apply what this render's layout already decided).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const panel = el.parentElement;
    const bottom = area === 'bottom' ? panel?.querySelector<HTMLElement>(':scope > .embed__bottom') : null;
    el.style.top = !panel || !bottom ? '' : `${bottomAreaTop(bottom.offsetTop, panel.clientHeight, neededHeight(el))}px`;
  });

  const className = ['modal', `modal--${area}`, small ? 'modal--small' : '', visible ? 'modal--visible' : ''].filter(Boolean).join(' ');
  return (
    <div ref={ref} className={className} role="dialog" aria-modal="true" aria-label={header} data-testid={testId}>
      <button type="button" className="modal__close" aria-label={closeLabel} title={closeLabel} data-testid="modal-close" onClick={() => onClose('button')}>
        <span aria-hidden="true">×</span>
      </button>
      <h2 className="modal__header">{header}</h2>
      {children}
      {buttons.length > 0 ? (
        <div className="modal__buttons">
          {buttons.map((b) => {
            const cls = `modal__button${b.primary ? ' modal__button--primary' : ''}`;
            return b.href === undefined ? (
              <button key={b.label} type="button" className={cls} data-testid={b.testId} onClick={b.onClick}>
                {b.label}
              </button>
            ) : (
              <a key={b.label} className={cls} href={b.href} target="_blank" rel="noopener noreferrer" data-testid={b.testId} onClick={b.onClick}>
                {b.label}
              </a>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
