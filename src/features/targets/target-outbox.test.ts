import { describe, expect, it } from 'vitest';
import { refusalCode } from './target-outbox';

describe('refusalCode', () => {
  it('finds the rule the server named, in the error or a violation', () => {
    expect(refusalCode({ error: 'at_least_one_should_be_social' })).toBe('at_least_one_should_be_social');
    expect(refusalCode({ error: 'validation_error', violations: [{ property_path: 'target_id', message: 'loyalty_project_not_found', code: 'x' }] })).toBe('loyalty_project_not_found');
    expect(refusalCode({ error: 'max_two_targets' })).toBe('max_two_targets');
    expect(refusalCode({ error: 'internal_server_error' })).toBe('other');
    expect(refusalCode(null)).toBe('other');
  });
});
