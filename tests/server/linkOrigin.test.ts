import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { linkOrigin } from '../../src/server/linkOrigin';
import { parseServerConfig } from '../../src/server/config';

const v4 = (address: string, internal = false): NetworkInterfaceInfo => ({
  address,
  netmask: '255.255.255.0',
  family: 'IPv4',
  mac: '00:00:00:00:00:00',
  internal,
  cidr: `${address}/24`,
});
const v6 = (address: string, internal = false): NetworkInterfaceInfo => ({
  address,
  netmask: 'ffff:ffff:ffff:ffff::',
  family: 'IPv6',
  mac: '00:00:00:00:00:00',
  internal,
  cidr: `${address}/64`,
  scopeid: 0,
});

/** A laptop: loopback first, then a wifi card with IPv6 before IPv4, then a docker bridge. */
const LAPTOP = {
  lo: [v4('127.0.0.1', true), v6('::1', true)],
  wlan0: [v6('fe80::1'), v4('192.168.1.23')],
  docker0: [v4('172.17.0.1')],
};

describe('linkOrigin', () => {
  it('HOST=0.0.0.0: the first non-internal IPv4 address, in interface order', () => {
    expect(linkOrigin({ host: '0.0.0.0', port: 8080, interfaces: LAPTOP })).toEqual({
      origin: 'http://192.168.1.23:8080',
    });
    expect(linkOrigin({ host: '::', port: 9000, interfaces: LAPTOP })).toEqual({
      origin: 'http://192.168.1.23:9000',
    });
  });

  it('HOST=0.0.0.0 on a machine with only loopback: 127.0.0.1 and a note saying so', () => {
    const result = linkOrigin({
      host: '0.0.0.0',
      port: 8080,
      interfaces: { lo: LAPTOP.lo, none: undefined },
    });
    expect(result.origin).toBe('http://127.0.0.1:8080');
    expect(result.note).toMatch(/only work on this machine \(set PUBLIC_URL\)/);
  });

  it('PUBLIC_URL wins over any HOST, reduced to its origin', () => {
    for (const host of ['0.0.0.0', '127.0.0.1']) {
      expect(
        linkOrigin({ host, port: 8080, publicUrl: 'https://vtt.example.org/', interfaces: LAPTOP }),
      ).toEqual({ origin: 'https://vtt.example.org' });
    }
    expect(
      linkOrigin({ host: '0.0.0.0', port: 8080, publicUrl: 'http://10.0.0.5:3000', interfaces: LAPTOP })
        .origin,
    ).toBe('http://10.0.0.5:3000');
  });

  it('a specific HOST is used as it is (IPv6 in brackets)', () => {
    expect(linkOrigin({ host: '127.0.0.1', port: 8080, interfaces: LAPTOP }).origin).toBe(
      'http://127.0.0.1:8080',
    );
    expect(linkOrigin({ host: '192.168.1.23', port: 1, interfaces: {} }).origin).toBe(
      'http://192.168.1.23:1',
    );
    expect(linkOrigin({ host: 'fd00::7', port: 8080, interfaces: {} }).origin).toBe('http://[fd00::7]:8080');
  });

  it('PUBLIC_URL is checked when the config is read, with a message naming it', () => {
    expect(parseServerConfig([], { PUBLIC_URL: 'http://192.168.1.23:8080' }).publicUrl).toBe(
      'http://192.168.1.23:8080',
    );
    expect(parseServerConfig([], { PUBLIC_URL: '' }).publicUrl).toBeUndefined();
    expect(() => parseServerConfig([], { PUBLIC_URL: '192.168.1.23:8080' })).toThrow(
      'PUBLIC_URL: expected an address like http://192.168.1.20:8080, got "192.168.1.23:8080"',
    );
    expect(() => parseServerConfig([], { PUBLIC_URL: 'ftp://files.example.org' })).toThrow(
      'PUBLIC_URL: expected http:// or https://, got "ftp:" in "ftp://files.example.org"',
    );
    expect(() => parseServerConfig([], { PUBLIC_URL: 'https://example.org/vtt' })).toThrow(
      /PUBLIC_URL: expected no path, query or fragment/,
    );
  });
});
