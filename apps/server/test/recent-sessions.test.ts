import { describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema.ts';
import { RecentSessions, SESSION_RECHECK_MS } from '../src/services/recent-sessions.ts';

const ADA = { id: 7, username: 'ada', email: 'ada@example.com' } as UserRow;

describe('RecentSessions', () => {
  it('answers a checked token for a few seconds, then asks for a new check', () => {
    const sessions = new RecentSessions();
    sessions.remember('hash', ADA, new Date(1_000_000), 0);
    expect(sessions.find('hash', SESSION_RECHECK_MS - 1)).toBe(ADA);
    expect(sessions.find('hash', SESSION_RECHECK_MS)).toBeNull();
    expect(sessions.find('other', 0)).toBeNull();
  });

  it('never answers past the token’s expiry', () => {
    const sessions = new RecentSessions();
    sessions.remember('hash', ADA, new Date(3_000), 0);
    expect(sessions.find('hash', 2_999)).toBe(ADA);
    expect(sessions.find('hash', 3_000)).toBeNull();
  });
});
