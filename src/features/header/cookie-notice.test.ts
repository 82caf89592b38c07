import { describe, expect, it } from 'vitest';
import { cookieNoticeDue } from './cookie-notice.ts';

describe('the cookie notice', () => {
  const accepted = '2026-01-01T10:00:00.000Z';
  const day = 24 * 60 * 60 * 1000;
  it('shows to a shopper who never accepted it', () => {
    expect(cookieNoticeDue(null)).toBe(true);
  });
  it('stays hidden for 150 days after acceptance', () => {
    expect(cookieNoticeDue(accepted, Date.parse(accepted) + 149 * day)).toBe(false);
  });
  it('shows again after 150 days', () => {
    expect(cookieNoticeDue(accepted, Date.parse(accepted) + 150 * day)).toBe(true);
  });
  it('shows again when the stored date is unreadable', () => {
    expect(cookieNoticeDue('ieri')).toBe(true);
  });
});
