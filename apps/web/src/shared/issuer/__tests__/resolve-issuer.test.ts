import { describe, expect, it } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { issuerFromHost, resolveIssuer } from '@portal/contract';
import { brandForMember, initIssuer } from '../resolve-issuer';

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

describe('the brand after login', () => {
  const plain = { search: '', hostname: 'localhost' };

  it("on the portal's plain address becomes the member's issuer", () => {
    initIssuer(plain);
    expect(document.documentElement.dataset.issuer).toBe('default');
    brandForMember('natwest', plain);
    expect(storage.get('issuer')).toBe('natwest');
    expect(document.documentElement.dataset.issuer).toBe('natwest');
    // Later pages of the tab keep it.
    expect(initIssuer(plain)).toBe('natwest');
  });

  it("on an issuer's own address stays that address's", () => {
    const barclays = { search: '', hostname: 'barclays.lounges.example' };
    initIssuer(barclays);
    brandForMember('natwest', barclays);
    expect(storage.get('issuer')).toBe('barclays');
    expect(document.documentElement.dataset.issuer).toBe('barclays');
  });

  it('named by a link earlier in the tab (?issuer=, ?channel=) stays, on later plain pages too', () => {
    for (const search of ['?issuer=default', '?channel=coop']) {
      sessionStorage.clear();
      const named = initIssuer({ search, hostname: 'localhost' });
      // The login page is a later page of the tab, its address plain.
      initIssuer(plain);
      brandForMember('natwest', plain);
      expect(storage.get('issuer')).toBe(named);
      expect(document.documentElement.dataset.issuer).toBe(named);
    }
  });

  it('a member with no membership keeps the brand they came with', () => {
    initIssuer(plain);
    brandForMember(null, plain);
    expect(document.documentElement.dataset.issuer).toBe('default');
  });
});
