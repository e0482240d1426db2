import { describe, expect, it } from 'vitest';
import type { MemberWithTimes } from '../domain/list-members.js';
import { membersJson } from './members-json.js';

const member = (name: string, times: Record<string, string[]>): MemberWithTimes => ({
  member_id: `m-${name}`,
  class_id: 'c',
  user_id: null,
  student_id: null,
  name: `${name} "Ä" \\ \u2028`,
  email: null,
  duration: 30,
  frequency: 'weekly',
  needs: null,
  sites: null,
  family: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  available_times: times,
  available_times_user_input: {},
  available_times_user_input_last_modified: null,
  preferred_times: Object.freeze({ 1: Object.freeze(['9.00']) }) as unknown as Record<string, string[]>,
  preferred_times_user_input: {},
});

describe('membersJson', () => {
  it('is the same document JSON.stringify gives, for shared frozen maps and fresh ones, again and again', () => {
    const shared = Object.freeze({ 0: Object.freeze(['8.00', '8.15']) }) as unknown as Record<string, string[]>;
    const members = [member('Anna', shared), member('Ben', shared), member('Cem', { '4': ['16.00'] })];
    for (let i = 0; i < 2; i++) expect(JSON.parse(membersJson(members))).toEqual(JSON.parse(JSON.stringify({ members })));
    expect(JSON.parse(membersJson([]))).toEqual({ members: [] });
  });
});
