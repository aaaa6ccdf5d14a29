import { EmbedData, EMBED_DATA_ELEMENT_ID } from '../../core/model/embed-data';
import { formatDecodeErrors } from '../../core/model/decode-errors';

export type EmbedDataResult = { readonly ok: true; readonly data: EmbedData } | { readonly ok: false; readonly message: string };

/**
 * spec 000 §4 Start-up: "reads the embedded resource and translations". The JSON block is input
 * from outside the bundle, so it is decoded (ARCHITECTURE.md §5) and every failure is a sentence.
 */
export function readEmbedData(doc: Document): EmbedDataResult {
  const block = doc.getElementById(EMBED_DATA_ELEMENT_ID);
  if (block === null) return { ok: false, message: `The page has no #${EMBED_DATA_ELEMENT_ID} data block.` };
  let json: unknown;
  try {
    json = JSON.parse(block.textContent ?? '');
  } catch {
    return { ok: false, message: `The #${EMBED_DATA_ELEMENT_ID} data block is not valid JSON.` };
  }
  const decoded = EmbedData.decode(json);
  return decoded._tag === 'Right'
    ? { ok: true, data: decoded.right }
    : { ok: false, message: `The #${EMBED_DATA_ELEMENT_ID} data block is invalid: ${formatDecodeErrors(decoded.left)}` };
}

/** A readable box in place of the player; text only (textContent), so no data can inject markup. */
export function showStartupError(container: HTMLElement, message: string): void {
  const box = container.ownerDocument.createElement('div');
  box.className = 'embed-error';
  box.setAttribute('role', 'alert');
  const heading = container.ownerDocument.createElement('strong');
  heading.textContent = 'This player could not start.';
  const detail = container.ownerDocument.createElement('p');
  detail.textContent = message;
  box.append(heading, detail);
  container.replaceChildren(box);
}
