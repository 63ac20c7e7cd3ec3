import { act, screen } from '@testing-library/react';
import { Toast } from './antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOAST_DEFAULT_MS, TOAST_INFO_MS } from '../../shared/constants';
import {
  clearToasts,
  MESSAGE_TOAST_CLASS,
  preloadToast,
  showInfo,
  showLoading,
  showToast,
  toastDuration,
} from './toast';

// The toast code loads lazily; these tests look at what it does once it is there.
beforeAll(() => preloadToast());

afterEach(() => {
  vi.restoreAllMocks();
  act(() => clearToasts());
});

describe('toast durations (spec 000 §9)', () => {
  it('spec 000 §9: the default toast lasts 3 s', () => {
    expect(toastDuration()).toBe(TOAST_DEFAULT_MS);
    expect(TOAST_DEFAULT_MS).toBe(3000);
  });

  it('spec 000 §9: a duration of 300 ms or less falls back to 3 s', () => {
    expect(toastDuration(300)).toBe(3000);
    expect(toastDuration(1)).toBe(3000);
    expect(toastDuration(0)).toBe(3000);
    expect(toastDuration(-5)).toBe(3000);
    expect(toastDuration(301)).toBe(301);
    expect(toastDuration(5000)).toBe(5000);
  });

  it('spec 000 §9: showToast and showInfo pass 3 s and 2 s to antd-mobile', () => {
    const show = vi.spyOn(Toast, 'show');
    showToast('a');
    showToast('b', 200);
    showInfo('c');
    expect(show.mock.calls.map(([props]) => (typeof props === 'string' ? undefined : props.duration))).toEqual([
      3000,
      3000,
      TOAST_INFO_MS,
    ]);
  });

  it('a message toast lets taps through its box; a loading toast holds them (e2e/login.test.ts taps under one)', () => {
    const show = vi.spyOn(Toast, 'show');
    showToast('Code sent.');
    showLoading('Loading…');
    const props = show.mock.calls.map(([p]) => (typeof p === 'string' ? {} : p));
    expect(props[0]).toMatchObject({ maskClassName: MESSAGE_TOAST_CLASS });
    expect(props[1]).toMatchObject({ maskClickable: false });
    expect(props[1]?.maskClassName).toBeUndefined();
  });

  it('spec 000 §7: a loading toast stays (duration 0) until its call ends', () => {
    const show = vi.spyOn(Toast, 'show');
    const clear = vi.spyOn(Toast, 'clear');
    const hide = showLoading('Loading…');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ icon: 'loading', duration: 0 }));
    hide();
    hide();
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('a call ending does not close a message toast shown after its loading toast', () => {
    const clear = vi.spyOn(Toast, 'clear');
    const hide = showLoading('Loading…');
    showToast('Order already submitted');
    hide();
    expect(clear).not.toHaveBeenCalled();
  });

  it('the loading toast ends when the last of two calls ends', () => {
    const clear = vi.spyOn(Toast, 'clear');
    const first = showLoading('Loading…');
    const second = showLoading('Loading…');
    first();
    expect(clear).not.toHaveBeenCalled();
    second();
    expect(clear).toHaveBeenCalledTimes(1);
  });
});

describe('antd-mobile on React 19 (STACK gotcha 1)', () => {
  it('STACK gotcha 1: an imperative toast really renders', async () => {
    await act(async () => showToast('Network failed'));
    const shown = await screen.findAllByText('Network failed');
    expect(shown.some((node) => node.closest('.adm-toast-main'))).toBe(true);
  });

  it('a message toast is also announced to screen readers (the toast itself is aria-hidden)', async () => {
    await act(async () => showToast('Please do not send the code twice'));
    const region = screen.getByRole('alert');
    expect(region.textContent).toBe('Please do not send the code twice');
    // the same message again must change the region, or it would not be read again
    await act(async () => showToast('Please do not send the code twice'));
    expect(region.textContent).not.toBe('Please do not send the code twice');
    expect(region.textContent?.trim()).toBe('Please do not send the code twice');
  });
});

describe("the toast code loads on demand (not part of any page's first load)", () => {
  it('calls made before it arrives run in order once it does', async () => {
    vi.resetModules();
    const fresh = await import('./toast');
    const { Toast: freshToast } = await import('./antd-mobile');
    const calls: string[] = [];
    vi.spyOn(freshToast, 'show').mockImplementation((props) => {
      calls.push(typeof props === 'string' ? props : `show ${String(props.content)}`);
      return { close: () => undefined };
    });
    vi.spyOn(freshToast, 'clear').mockImplementation(() => calls.push('clear'));
    const hide = fresh.showLoading('Loading…');
    hide();
    fresh.showToast('Saved');
    expect(calls).toEqual([]);
    await fresh.preloadToast();
    await Promise.resolve();
    expect(calls).toEqual(['show Loading…', 'clear', 'show Saved']);
    fresh.showInfo('Now at once');
    expect(calls.at(-1)).toBe('show Now at once');
  });
});
