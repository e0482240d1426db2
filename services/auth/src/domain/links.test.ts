import { describe, expect, it } from 'vitest';
import { confirmLink, resetLink } from './links.js';

describe('mail links', () => {
  it('confirmation link points at the web page of this deployment', () => {
    expect(confirmLink('https://plan.example.de/', 'abc_-1')).toBe('https://plan.example.de/confirm-email?token=abc_-1');
  });

  it('reset link: default page, or a redirectTo of the same deployment only', () => {
    const base = 'https://plan.example.de';
    expect(resetLink(base, 't')).toBe('https://plan.example.de/update-password#token=t');
    expect(resetLink(base, 't', 'https://plan.example.de/update-password')).toBe('https://plan.example.de/update-password#token=t');
    expect(resetLink(base, 't', 'https://plan.example.de/reset-password#old')).toBe('https://plan.example.de/reset-password#token=t');
    for (const evil of [
      'https://plan.example.de.evil.com/update-password',
      'http://plan.example.de/update-password',
      'https://evil.com',
      '//evil.com/x',
      'javascript:alert(1)',
      42,
    ]) {
      expect(resetLink(base, 't', evil)).toBe('https://plan.example.de/update-password#token=t');
    }
  });

  it('redirectTo chooses only between the reset pages: no other page, no query (it could hand the token on)', () => {
    const base = 'https://plan.example.de';
    for (const other of [
      'https://plan.example.de/api/auth/oidc/login?redirect=/.//evil.example',
      'https://plan.example.de/login',
      'https://plan.example.de/student',
      'https://plan.example.de/update-password/../api/auth/oidc/login',
      'https://plan.example.de/',
    ]) {
      expect(resetLink(base, 't', other)).toBe('https://plan.example.de/update-password#token=t');
    }
    expect(resetLink(base, 't', 'https://plan.example.de/update-password?redirect=//evil.example')).toBe('https://plan.example.de/update-password#token=t');
    expect(resetLink(base, 't', 'https://plan.example.de/reset-password?x=1')).toBe('https://plan.example.de/reset-password#token=t');
  });

  it('with a base path, redirectTo must stay under it', () => {
    const base = 'https://uni.example/stundenplan';
    expect(resetLink(base, 't', 'https://uni.example/anderes/update-password')).toBe('https://uni.example/stundenplan/update-password#token=t');
    expect(resetLink(base, 't', 'https://uni.example/stundenplan/update-password')).toBe('https://uni.example/stundenplan/update-password#token=t');
  });
});
