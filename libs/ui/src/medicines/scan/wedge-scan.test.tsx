// @vitest-environment happy-dom
import { useRef } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWedgeScan } from './pack-scan';

const gtin = '06221234567891';
const code = `]d201${gtin}17271231\u001d10B13Y\u001d21SN0001`;

function Form({ onScan }: { onScan: (text: string) => void }) {
  const ref = useRef<HTMLFormElement>(null);
  useWedgeScan(ref, onScan);
  return (
    <form ref={ref}>
      <textarea aria-label="Description" />
    </form>
  );
}

let clock = 0;
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Types like a keyboard wedge, `gapMs` between keys; returns whether each key reached the field. */
function typeKeys(target: HTMLElement, text: string, gapMs: number): boolean[] {
  return [...text].map((ch) => {
    clock += gapMs;
    if (ch === '\n')
      return target.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
      );
    target.dispatchEvent(new KeyboardEvent('keydown', { key: ch, bubbles: true, cancelable: true }));
    return target.dispatchEvent(
      new InputEvent('beforeinput', { inputType: 'insertText', data: ch, bubbles: true, cancelable: true }),
    );
  });
}

function setUp() {
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  const onScan = vi.fn();
  render(<Form onScan={onScan} />);
  return { onScan, field: screen.getByLabelText('Description') };
}

describe('keyboard-wedge recognition (deterministic under load)', () => {
  it('a scan that starts with ]d2 is one scan however slowly its keys arrive; the rest stays out of the field and Enter is swallowed', () => {
    const { onScan, field } = setUp();
    // 400 ms between every key: far slower than typing's 80 ms, as on a loaded machine.
    const reached = typeKeys(field, `${code}\n`, 400);
    expect(onScan).toHaveBeenCalledExactlyOnceWith(code);
    // Once the burst looked like a scan (after "]d2"), its keys and the closing Enter were kept out.
    expect(reached.slice(3).every((r) => !r)).toBe(true);
  });

  it('a person typing the same digits slowly, without the prefix, is typing, not a scan', () => {
    const { onScan, field } = setUp();
    typeKeys(field, `01${gtin}17271231\n`, 200);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('a bare element string typed at scanner speed is a scan', () => {
    const { onScan, field } = setUp();
    typeKeys(field, `01${gtin}17271231\n`, 10);
    expect(onScan).toHaveBeenCalledExactlyOnceWith(`01${gtin}17271231`);
  });

  it('a code inserted whole (a scanner app sending a string) or pasted is read at once; the Enter after it does nothing', () => {
    const { onScan, field } = setUp();
    const insert = new InputEvent('beforeinput', {
      inputType: 'insertText',
      data: code,
      bubbles: true,
      cancelable: true,
    });
    expect(field.dispatchEvent(insert)).toBe(false);
    expect(onScan).toHaveBeenCalledExactlyOnceWith(code);
    expect(
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })),
    ).toBe(false);
    // A second Enter is the person's again.
    expect(
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })),
    ).toBe(true);
    const paste = new Event('paste', { bubbles: true, cancelable: true }) as Event & {
      clipboardData: unknown;
    };
    paste.clipboardData = { getData: () => `(01)${gtin}(17)271231(10)X1` };
    expect(field.dispatchEvent(paste)).toBe(false);
    expect(onScan).toHaveBeenLastCalledWith(`(01)${gtin}(17)271231(10)X1`);
    // Ordinary text inserted whole goes into the field.
    const words = new InputEvent('beforeinput', {
      inputType: 'insertText',
      data: 'keep cool',
      bubbles: true,
      cancelable: true,
    });
    expect(field.dispatchEvent(words)).toBe(true);
    expect(onScan).toHaveBeenCalledTimes(2);
  });

  it('a pasted code with spaces around it, or a Tab after it, is read without them', () => {
    const { onScan, field } = setUp();
    const paste = new Event('paste', { bubbles: true, cancelable: true }) as Event & {
      clipboardData: unknown;
    };
    paste.clipboardData = { getData: () => `   01${gtin}17271231\t` };
    expect(field.dispatchEvent(paste)).toBe(false);
    expect(onScan).toHaveBeenCalledExactlyOnceWith(`01${gtin}17271231`);
  });

  it('a scanner that ends its code with Tab: the scan is read at once and the focus stays', () => {
    const { onScan, field } = setUp();
    typeKeys(field, code, 10);
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    expect(field.dispatchEvent(tab)).toBe(false);
    expect(onScan).toHaveBeenCalledExactlyOnceWith(code);
  });

  it("a box's EAN-13 typed at scanner speed and ended by Enter is a scan; the field keeps what it held", () => {
    const { onScan, field } = setUp();
    const box = field as HTMLTextAreaElement;
    box.value = 'Kept';
    // Keys the recogniser lets through are typed into the field, as a browser would.
    box.addEventListener('beforeinput', (e) => {
      if (!e.defaultPrevented && e.data) box.value += e.data;
    });
    const reached = typeKeys(field, '6221234567891\n', 10);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('6221234567891');
    // The Enter did not submit; the digits that reached the field are taken out again.
    expect(reached.at(-1)).toBe(false);
    expect(box.value).toBe('Kept');
  });

  it('the same digits typed by a person are typing, and their Enter is theirs', () => {
    const { onScan, field } = setUp();
    const reached = typeKeys(field, '6221234567891\n', 200);
    expect(onScan).not.toHaveBeenCalled();
    expect(reached.every(Boolean)).toBe(true);
  });

  it('a GTIN-14 or EAN-8 inserted whole (a scanner app) is read at once', () => {
    const { onScan, field } = setUp();
    for (const digits of ['06221234567891', '96385074']) {
      const insert = new InputEvent('beforeinput', {
        inputType: 'insertText',
        data: digits,
        bubbles: true,
        cancelable: true,
      });
      expect(field.dispatchEvent(insert)).toBe(false);
      expect(onScan).toHaveBeenLastCalledWith(digits);
    }
  });
});
