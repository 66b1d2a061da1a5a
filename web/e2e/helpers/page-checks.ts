import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';

/*
 * What every page must get right on any screen (docs/ROUTES.md, docs/PRODUCT.md#layouts):
 * nothing wider than the screen, no text spilling out of a control or a card,
 * buttons of the product's three kinds, no English left in what a villager reads, a title of its own, and no serious
 * or critical axe-core violation. Each check returns one line per fault.
 */

/** The app's name: index.html's title, which every page must replace with its own. */
export const DEFAULT_TITLE = 'Kit Portal';

/**
 * English words that slipped into Spanish pages before (MIME families as type
 * names, browser jargon, unfilled placeholders, a failed number or value).
 * Whole words, matched case-sensitively on the visible text.
 */
export const ENGLISH_WORDS: readonly string[] = ['image', 'application', 'service worker', 'Loading', 'Cancel', 'Submit', 'Delete', 'undefined', 'NaN', '{product}'];

/**
 * The small controls that are not one of the three button kinds, each a kind of its own
 * styled in one place: a pictogram-only button, a dialog's ×, the search field's
 * magnifier, a chip of a filter strip, an entry of the library's strip («Al Azar»
 * beside its links), the header's account button, an entry of a menu, a tab.
 */
export const CONTROL_KINDS: readonly string[] = [
  '.icon-button',
  '.modal__close',
  '.search-box__submit',
  '.chip',
  '.library-nav__item',
  '.user-menu__button',
  '[role="menuitem"]',
  '[role="tab"]',
];

/** Layout faults: the page scrolls sideways, text does not fit the button, field or card that holds it, a short label wraps, a placeholder is cut, or a file field is the browser's bare one. */
export async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const width = document.documentElement.clientWidth;
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width + 1) faults.push(`the page is ${pageWidth} px wide on a ${width} px screen`);
    const describe = (el: Element) => {
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? ` class="${el.className}"` : ''}> «${text}»`;
    };
    // Inside a strip that scrolls sideways on purpose (chips, tabs), a box past the screen is reached by scrolling.
    const inScroller = (el: HTMLElement) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const overflow = getComputedStyle(up).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return true;
      }
      return false;
    };
    // The header's brand too: squeezed by the bar's other items, its name ran under «Cerrar sesión».
    const boxes = document.querySelectorAll('button, a.button, [role="button"], label.button, .card, [class*="card"], [class$="-tile"], [class*="chip"], .brand');
    for (const el of boxes) {
      if (!(el instanceof HTMLElement) || el.offsetParent === null) continue;
      const style = getComputedStyle(el);
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
      const rect = el.getBoundingClientRect();
      if (rect.right > width + 1 && !inScroller(el)) faults.push(`${describe(el)} reaches ${Math.round(rect.right)} px, past the screen's ${width}`);
      if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'hidden') faults.push(`${describe(el)} holds text ${el.scrollWidth} px wide in ${el.clientWidth} px`);
      if (el.scrollHeight > el.clientHeight + 1 && style.overflowY !== 'auto' && style.overflowY !== 'scroll' && style.overflowY !== 'hidden')
        faults.push(`${describe(el)} holds text ${el.scrollHeight} px tall in ${el.clientHeight} px`);
    }
    // A short label (a button's, the app's name, a bottom-bar entry) broken over two lines reads as two words apart:
    // «Cerrar / sesión». (The library header's login is two lines by design: the search field keeps the room.)
    const lines = (el: Element) => {
      const tops: number[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) tops.push(r.top);
      }
      tops.sort((a, b) => a - b);
      return tops.filter((top, i) => i === 0 || top - (tops[i - 1] ?? top) > 8).length;
    };
    for (const el of document.querySelectorAll('button, .button, .brand, [class*="nav__item"]')) {
      if (!(el instanceof HTMLElement) || el.offsetParent === null) continue;
      const words = (el.innerText ?? '').trim().split(/\s+/).filter(Boolean).length;
      if (words >= 2 && words <= 3 && lines(el) > 1) faults.push(`${describe(el)} wraps its short label over ${lines(el)} lines`);
    }
    // The chosen entry of a sideways strip (a type filter) must be in sight, not past the edge.
    for (const el of document.querySelectorAll('[aria-current="true"], [aria-current="page"]')) {
      if (!(el instanceof HTMLElement) || el.offsetParent === null || getComputedStyle(el).visibility === 'hidden' || !inScroller(el)) continue;
      const rect = el.getBoundingClientRect();
      if (rect.left < 0 || rect.right > width + 1) faults.push(`the chosen ${describe(el)} is off screen (${Math.round(rect.left)}–${Math.round(rect.right)} px)`);
    }
    // A placeholder wider than its one-line field is cut: the villager never reads the end of the hint.
    const ruler = document.createElement('span');
    ruler.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
    document.body.append(ruler);
    for (const field of document.querySelectorAll('input[placeholder]')) {
      if (!(field instanceof HTMLInputElement) || field.offsetParent === null || field.placeholder === '') continue;
      const style = getComputedStyle(field);
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      ruler.style.font = style.font;
      ruler.style.letterSpacing = style.letterSpacing;
      ruler.textContent = field.placeholder;
      const needed = ruler.getBoundingClientRect().width;
      if (needed > room + 1) faults.push(`the placeholder «${field.placeholder}» needs ${Math.round(needed)} px in a ${Math.round(room)} px field`);
    }
    ruler.remove();
    // The browser's own file picker speaks the phone's language and no style of ours (ui/forms/FileField.tsx).
    for (const input of document.querySelectorAll('input[type="file"]')) {
      const rect = input.getBoundingClientRect();
      if (rect.width > 1 && rect.height > 1) faults.push(`a raw native file field «${input.getAttribute('name') ?? input.id}»`);
    }
    return faults;
  });
}

/**
 * The product's controls (docs/ARCHITECTURE.md, «Controls: which to use when»): a
 * button or a link drawn as one is `.button` (primary), `.button.button--light`
 * (secondary) or `.button.button--danger` (danger), or one of the known kinds of
 * small control below, each styled once. One line per control of any other look.
 */
export async function controlFaults(page: Page): Promise<string[]> {
  return page.evaluate((kinds) => {
    const faults: string[] = [];
    const buttonLike = document.querySelectorAll('button, a.button, [role="button"], [class*="button--"]');
    for (const el of buttonLike) {
      if (!(el instanceof HTMLElement) || el.offsetParent === null || getComputedStyle(el).visibility === 'hidden') continue;
      const classes = [...el.classList];
      const modifiers = classes.filter((c) => c.startsWith('button--'));
      const kind = classes.includes('button') && modifiers.length <= 1 && modifiers.every((m) => m === 'button--light' || m === 'button--danger');
      if (kind || kinds.some((selector) => el.matches(selector))) continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      faults.push(`<${el.tagName.toLowerCase()} class="${el.className}"> «${name}» is none of the three button kinds`);
    }
    return faults;
  }, CONTROL_KINDS);
}

/** English words of ENGLISH_WORDS in the visible text. */
export async function englishWords(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return ENGLISH_WORDS.filter((word) => new RegExp(`(^|[^\\p{L}])${word.replace(/[{}]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text)).map((word) => `«${word}» in the visible text`);
}

/** Every fault of the page as it is now: layout, controls, English, title and axe-core. */
export async function pageFaults(page: Page): Promise<string[]> {
  const title = await page.title();
  return [
    ...(await layoutFaults(page)),
    ...(await controlFaults(page)),
    ...(await englishWords(page)),
    ...(title.trim() === '' || title === DEFAULT_TITLE ? [`the title is «${title}», the app's default`] : []),
    ...(await seriousViolations(page)),
  ];
}
