// Inlined into every server-rendered page's <head> (entry-server.tsx; decision 0008). Until the app
// has hydrated the page (<html data-hydrated>), an activation of a control marked data-first-tap is
// held — default prevented, kept from React — and replayed on the same DOM node once it has:
// "click" a button, "submit" a form, "press" a before/after slider (press or drag, arrow keys).
(() => {
  const root = document.documentElement;
  const held = new Map();
  const types = ['click', 'submit', 'pointerdown', 'pointermove', 'pointerup', 'keydown'];
  const sliderKeys = /^(Arrow|Page|Home$|End$)/;
  let press = null;

  const hold = (control, replay) => {
    held.delete(control);
    held.set(control, replay);
    control.setAttribute('data-first-tap-pending', '');
    document.dispatchEvent(new Event('first-tap'));
  };

  const listener = (event) => {
    if (event.type === 'pointermove' || event.type === 'pointerup') {
      // A drag before the app runs: the press is replayed where the pointer is now.
      if (press?.pointerId !== event.pointerId) return;
      press.at(event);
      if (event.type === 'pointerup') press = null;
      return;
    }
    const target = event.target;
    if (!(target instanceof Element)) return;
    // A link chosen in an open menu (a popover) closes it, as the app does once it runs.
    if (event.type === 'click' && target.closest('a[href]')) {
      const popover = target.closest('[popover]');
      if (popover?.matches(':popover-open')) popover.hidePopover();
    }
    const control = target.closest('[data-first-tap]');
    if (!control) return;
    const kind = control.getAttribute('data-first-tap');
    if (kind === 'click' && event.type === 'click') {
      hold(control, () => control.click());
    } else if (kind === 'submit' && event.type === 'submit' && target === control) {
      const submitter = event.submitter;
      hold(control, () => control.requestSubmit(submitter?.isConnected ? submitter : null));
    } else if (kind === 'press' && event.type === 'pointerdown' && event.button === 0) {
      // Kept as a fraction of the control's box: the page may scroll before the replay.
      let x = 0;
      let y = 0;
      const { pointerId, pointerType, isPrimary } = event;
      press = {
        pointerId,
        at(moved) {
          const box = control.getBoundingClientRect();
          x = (moved.clientX - box.left) / box.width;
          y = (moved.clientY - box.top) / box.height;
        },
      };
      press.at(event);
      hold(control, () => {
        const box = control.getBoundingClientRect();
        const init = { bubbles: true, cancelable: true, composed: true, pointerId, pointerType, isPrimary };
        const at = {
          button: 0,
          buttons: 1,
          clientX: box.left + x * box.width,
          clientY: box.top + y * box.height,
        };
        target.dispatchEvent(new PointerEvent('pointerdown', { ...init, ...at }));
      });
    } else if (kind === 'press' && event.type === 'keydown' && sliderKeys.test(event.key)) {
      const { key, code, shiftKey } = event;
      const init = { bubbles: true, cancelable: true, key, code, shiftKey };
      hold(control, () => target.dispatchEvent(new KeyboardEvent('keydown', init)));
    } else {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
  };

  for (const type of types) window.addEventListener(type, listener, true);

  new MutationObserver((_, observer) => {
    if (!root.hasAttribute('data-hydrated')) return;
    observer.disconnect();
    for (const type of types) window.removeEventListener(type, listener, true);
    for (const [control, replay] of held) {
      control.removeAttribute('data-first-tap-pending');
      try {
        replay();
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    }
    held.clear();
  }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
})();
