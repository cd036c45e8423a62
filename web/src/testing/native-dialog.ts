/**
 * jsdom has <dialog> but not its modal methods; this stands in for them (open attribute and the
 * `close` event), enough for components built on components/ui/dialog.tsx.
 */
export function polyfillNativeDialog(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
