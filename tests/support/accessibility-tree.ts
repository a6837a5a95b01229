import type { CDPSession, Locator, Page } from '@playwright/test';

/*
 * Chromium's own accessibility tree, read over the DevTools protocol: the roles, names and states a
 * screen reader or voice control gets, including those the browser derives from native elements
 * (a <summary>'s and a popover button's expanded state), which DOM attributes do not show.
 */

/** The roles of the controls a person activates by name: buttons, links and disclosure summaries. */
const CONTROL_ROLES = new Set([
  'button',
  'link',
  'DisclosureTriangle',
  // A <summary> of a <details> in a named (exclusive) group.
  'DisclosureTriangleGrouped',
  'ToggleButton',
  'PopUpButton',
  'menuitem',
  'tab',
]);

/** A control as assistive technology gets it, beside the text it shows on screen. */
export interface NamedControl {
  role: string;
  /** Accessible name computed by Chromium. */
  name: string;
  /** The text a sighted person reads on the control (visually hidden text left out). */
  visibleText: string;
  /** A short description of the element, to name it in a failure. */
  element: string;
}

async function withSession<T>(page: Page, work: (session: CDPSession) => Promise<T>): Promise<T> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('DOM.enable');
    await session.send('Accessibility.enable');
    return await work(session);
  } finally {
    await session.detach();
  }
}

interface AxNode {
  ignored: boolean;
  role?: { value?: unknown };
  name?: { value?: unknown };
  properties?: { name: string; value: { value?: unknown } }[];
  backendDOMNodeId?: number;
}

/** Whether Chromium exposes the element as expanded (true), collapsed (false) or neither (undefined). */
export async function accessibleExpanded(locator: Locator): Promise<boolean | undefined> {
  const page = locator.page();
  const marker = `probe-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await locator.evaluate((element, value) => element.setAttribute('data-ax-probe', value), marker);
  try {
    return await withSession(page, async (session) => {
      const { root } = await session.send('DOM.getDocument', { depth: 0 });
      const { nodeId } = await session.send('DOM.querySelector', {
        nodeId: root.nodeId,
        selector: `[data-ax-probe="${marker}"]`,
      });
      const { nodes } = (await session.send('Accessibility.getPartialAXTree', {
        nodeId,
        fetchRelatives: false,
      })) as { nodes: AxNode[] };
      const expanded = nodes[0]?.properties?.find((property) => property.name === 'expanded');
      return expanded === undefined ? undefined : expanded.value.value === true;
    });
  } finally {
    await locator.evaluate((element) => element.removeAttribute('data-ax-probe'));
  }
}

/**
 * Every button, link and disclosure in the page's accessibility tree (hidden ones are not in it),
 * with its accessible name and its visible text. `within` (a CSS selector) keeps only the controls
 * inside a matching element.
 */
export async function namedControls(page: Page, options: { within?: string } = {}): Promise<NamedControl[]> {
  return withSession(page, async (session) => {
    const { nodes } = (await session.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
    const controls: NamedControl[] = [];
    for (const node of nodes) {
      const role = String(node.role?.value ?? '');
      if (node.ignored || !CONTROL_ROLES.has(role) || node.backendDOMNodeId === undefined) continue;
      const { object } = await session.send('DOM.resolveNode', { backendNodeId: node.backendDOMNodeId });
      if (!object.objectId) continue;
      const { result } = await session.send('Runtime.callFunctionOn', {
        objectId: object.objectId,
        functionDeclaration: describeControl.toString(),
        arguments: [{ value: options.within ?? null }],
        returnByValue: true,
      });
      const described = result.value as { visibleText: string; element: string } | null;
      if (!described) continue;
      controls.push({ role, name: String(node.name?.value ?? ''), ...described });
    }
    return controls;
  });
}

/**
 * Runs in the page with the control as `this`: its visible text (text nodes that are rendered and
 * not clipped away like `.visually-hidden`), or null when it lies outside `within`.
 */
function describeControl(
  this: Element,
  within: string | null,
): { visibleText: string; element: string } | null {
  if (within && !this.closest(within)) return null;
  const clippedAway = (element: Element): boolean => {
    for (let current: Element | null = element; current; current = current.parentElement) {
      const style = getComputedStyle(current);
      if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return true;
      const box = current.getBoundingClientRect();
      if (style.overflow === 'hidden' && (box.width <= 1 || box.height <= 1)) return true;
      if (current === this) break;
    }
    return false;
  };
  let visibleText = '';
  const walker = document.createTreeWalker(this, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const parent = text.parentElement;
    if (!parent?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    if (clippedAway(parent)) continue;
    visibleText += text.textContent ?? '';
  }
  const classes = this.getAttribute('class');
  return {
    visibleText: visibleText.replace(/\s+/g, ' ').trim(),
    element: `<${this.tagName.toLowerCase()}${classes ? ` class="${classes}"` : ''}>`,
  };
}

/** Letters and digits only, lower case, single spaces: how a voice-control user says the words. */
export function spokenWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The controls whose accessible name does not contain their visible text (WCAG 2.2 SC 2.5.3 Label
 * in Name), each described for a failure message.
 */
export function labelInNameFailures(controls: readonly NamedControl[]): string[] {
  return controls
    .filter((control) => !spokenWords(control.name).includes(spokenWords(control.visibleText)))
    .map(
      (control) =>
        `${control.role} ${control.element} shows "${control.visibleText}" but is named "${control.name}"`,
    );
}
