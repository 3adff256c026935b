import { describe, expect, it } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { issuerFromHost, resolveIssuer } from '@portal/contract';
import { initIssuer } from '../resolve-issuer';

describe('resolveIssuer', () => {
  it('prefers the issuer query parameter over everything else', () => {
    expect(
      resolveIssuer({ search: '?issuer=barclays', stored: 'coop', hostname: 'natwest.localhost' }),
    ).toBe('barclays');
  });

  it('accepts channel as the query parameter', () => {
    expect(resolveIssuer({ search: '?channel=RBS', stored: 'coop', hostname: 'localhost' })).toBe(
      'rbs',
    );
  });

  it('falls back to the stored session value, then the host', () => {
    expect(resolveIssuer({ search: '', stored: 'coop', hostname: 'natwest.localhost' })).toBe(
      'coop',
    );
    expect(resolveIssuer({ search: '', stored: null, hostname: 'natwest.localhost' })).toBe(
      'natwest',
    );
  });

  it('ignores unknown values and ends at default', () => {
    expect(
      resolveIssuer({ search: '?issuer=acme', stored: 'nonsense', hostname: 'portal.example.com' }),
    ).toBe('default');
    expect(resolveIssuer({ search: '', stored: undefined, hostname: 'localhost' })).toBe('default');
  });

  it('maps the ubni alias to ulster from a query or a host', () => {
    expect(resolveIssuer({ search: '?issuer=ubni', stored: null, hostname: 'localhost' })).toBe(
      'ulster',
    );
    expect(issuerFromHost('ubni.example.com')).toBe('ulster');
    expect(issuerFromHost('vm.lounges.example.co.uk')).toBe('vm');
    expect(issuerFromHost('localhost')).toBeUndefined();
  });
});

describe('initIssuer', () => {
  it('stores the resolved issuer and sets data-issuer on <html>', () => {
    expect(initIssuer({ search: '?issuer=natwest', hostname: 'localhost' })).toBe('natwest');
    expect(storage.get('issuer')).toBe('natwest');
    expect(document.documentElement.dataset.issuer).toBe('natwest');
  });

  it('keeps the stored issuer for later pages of the tab', () => {
    window.sessionStorage.setItem('issuer', 'coop');
    expect(initIssuer({ search: '', hostname: 'natwest.localhost' })).toBe('coop');
  });
});
