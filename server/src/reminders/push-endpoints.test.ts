import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { pushEndpointAllowed } from './push-endpoints.ts';

describe('push endpoints the server may post to', () => {
  const hosts = loadConfig({}).pushServiceHosts;

  it('are the browsers’ push services by default, over https, subdomains included', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGuQyav',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
    ]) {
      expect(pushEndpointAllowed(endpoint, hosts), endpoint).toBe(true);
    }
  });

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['another host', 'https://example.com/push'],
    ['a look-alike host', 'https://fcm.googleapis.com.evil.example/x'],
    ['a host that only ends the same', 'https://evil-fcm.googleapis.com/x'],
    ['credentials in the URL', 'https://user:pass@fcm.googleapis.com/x'],
    ['an internal address', 'https://127.0.0.1/x'],
    ['not a URL', 'fcm.googleapis.com'],
  ])('refuse %s', (_, endpoint) => {
    expect(pushEndpointAllowed(endpoint, hosts)).toBe(false);
  });

  it('follow PUSH_SERVICE_HOSTS', () => {
    const local = loadConfig({ PUSH_SERVICE_HOSTS: ' Push.Example.cz , ' }).pushServiceHosts;
    expect(local).toEqual(['push.example.cz']);
    expect(pushEndpointAllowed('https://eu.push.example.cz/1', local)).toBe(true);
    expect(pushEndpointAllowed('https://fcm.googleapis.com/1', local)).toBe(false);
  });
});
