import type { MyDetails } from '@portal/contract';
import { vi } from 'vitest';
import { envelope, mockApi, type Handler } from '@/testing/mock-api';

export const DETAILS: MyDetails = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@lounge.example',
  emailIsCheck: true,
  mobileNoPrefix: '44',
  mobileNo: '7400123456',
  mobileAreaCode: 'GB',
  membershipNumbers: ['4000123412341234', '4000567856785678'],
};

export const DIAL_CODES = [
  { name: 'United Kingdom', telabbr: '44', ios2: 'GB' },
  { name: 'France', telabbr: '33', ios2: 'FR' },
];

const saved: Handler = (body) => envelope({ ...DETAILS, ...(body as object) });

/** The account calls, each a spy answering success unless a test says otherwise. */
export function accountApi(handlers: Partial<Record<string, Handler>> = {}) {
  const spy = (path: string, fallback: Handler) => vi.fn<Handler>(handlers[path] ?? fallback);
  const api = {
    myDetails: spy('/account/my-details', () => envelope(DETAILS)),
    save: spy('/account/my-details/save', saved),
    verifyEmail: spy('/account/verify-email', (body) =>
      envelope({
        sent: true,
        sendType: 'email',
        to: `${String((body as { email: string }).email)[0]}•••`,
      }),
    ),
    verifyMobile: spy('/account/verify-mobile', () =>
      envelope({ sent: true, sendType: 'sms', to: '+33•••••678' }),
    ),
    checkCode: spy('/account/check-verification-code', (body) =>
      envelope({ verified: true, sendType: (body as { sendType: string }).sendType }),
    ),
    sendValidateEmail: spy('/user/send-validate-email', () =>
      envelope({ sent: true, email: DETAILS.email }),
    ),
    deleteAccount: spy('/account/delete-account', () => envelope({ deleted: true })),
    logout: spy('/login/logout-by-token', () => envelope({ loggedOut: true })),
  };
  const fetchMock = mockApi({
    '/area/country-list-telCode': () => envelope(DIAL_CODES),
    '/account/my-details': api.myDetails,
    '/account/my-details/save': api.save,
    '/account/verify-email': api.verifyEmail,
    '/account/verify-mobile': api.verifyMobile,
    '/account/check-verification-code': api.checkCode,
    '/user/send-validate-email': api.sendValidateEmail,
    '/account/delete-account': api.deleteAccount,
    '/login/logout-by-token': api.logout,
  });
  return { ...api, fetchMock };
}

export type AccountApi = ReturnType<typeof accountApi>;
