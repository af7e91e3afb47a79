import { describe, expect, it } from 'vitest';
import { isFramableSignupUrl } from './api';

describe('isFramableSignupUrl', () => {
  const origin = 'http://localhost:8080';
  it('frames only the provider page on this origin', () => {
    expect(isFramableSignupUrl('http://localhost:8080/sandbox/fondo?token=abc', origin)).toBe(true);
    expect(isFramableSignupUrl('/sandbox/fondo?token=abc', origin)).toBe(true);
    expect(isFramableSignupUrl('https://evil.example/sandbox/fondo', origin)).toBe(false);
    expect(isFramableSignupUrl('javascript:alert(1)', origin)).toBe(false);
    expect(isFramableSignupUrl('http://localhost:8080/api/v1.0/application-users/me', origin)).toBe(false);
  });
});
