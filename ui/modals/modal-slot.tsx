import { useSelector } from '../hooks/use-selector';
import { lazyExtra } from '../widget/lazy-extra';

// In the widget's lazy chunk (ui/widget/extras.ts): fetched the first time a modal shows, so the
// initial bundle carries only this slot. The server's first frame never shows a modal (the state starts hidden).
// A chunk that cannot be had shows no modal, and the widget goes on (lazyExtra).
const ModalLayer = lazyExtra((extras) => extras.ModalLayer);

/** Where the prompt modal and the unavailable-track notice appear (spec 000 §2 Modals): the embed panel's last child. */
export function ModalSlot() {
  const showing = useSelector((state) => state.modal.kind !== 'hidden');
  return showing ? <ModalLayer /> : null;
}
