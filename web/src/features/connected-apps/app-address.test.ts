import { describe, expect, it } from 'vitest';
import { displayAddress, isLeavingAddress, logoAddress } from './app-address.ts';

describe('app addresses', () => {
  it('shows a web address by its host and an app scheme as it is', () => {
    expect(displayAddress('https://app.example.com:8443/callback?x=1')).toBe(
      'app.example.com:8443',
    );
    expect(displayAddress('http://localhost:3000/cb')).toBe('localhost:3000');
    expect(displayAddress('com.example.app:/oauth')).toBe('com.example.app:/oauth');
    expect(displayAddress('')).toBeUndefined();
    expect(displayAddress(undefined)).toBeUndefined();
  });

  it('takes a logo only from a web address', () => {
    expect(logoAddress('https://example.com/logo.png')).toBe('https://example.com/logo.png');
    expect(logoAddress('javascript:alert(1)')).toBeUndefined();
    expect(logoAddress('data:image/svg+xml,<svg/>')).toBeUndefined();
    expect(logoAddress('not a url')).toBeUndefined();
  });

  it('leaves only for addresses that leave the page', () => {
    expect(isLeavingAddress('https://app.example.com/cb?code=1')).toBe(true);
    expect(isLeavingAddress('com.example.app:/oauth?code=1')).toBe(true);
    expect(isLeavingAddress('javascript:alert(1)')).toBe(false);
    expect(isLeavingAddress(' JavaScript:alert(1)')).toBe(false);
    expect(isLeavingAddress('data:text/html,<script>1</script>')).toBe(false);
    expect(isLeavingAddress('/relative')).toBe(false);
    expect(isLeavingAddress(undefined)).toBe(false);
  });
});
