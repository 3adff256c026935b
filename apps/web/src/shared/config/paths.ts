const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, value);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

const fixed = <P extends string>(path: P) => ({ path, getHref: () => path }) as const;

/** A page only members may open: visitors are sent to log in first (spec section 6). */
const member = <E extends { path: string }>(entry: E) => ({ ...entry, member: true }) as const;

/**
 * Every route of the portal (spec section 2). Components build URLs from here, never by hand.
 *
 * The route table is built from this object (`app/routes.tsx`): the page at `paths.a.bC` is the
 * route module `app/routes/a/b-c.tsx`; a group's `root` shows the group's first page; a group
 * whose folder has a `layout.tsx` shows its pages inside it; `member(...)` pages need a login.
 * A new page is its entry here plus its route module.
 */
export const paths = {
  /** The home page; with an issuer, that issuer's themed home (a full page load, since the
   * issuer is read at start). */
  home: { path: '/', getHref: (issuer?: string) => withQuery('/', { issuer }) },
  login: {
    path: '/login',
    getHref: (redirectTo?: string) => withQuery('/login', { redirect: redirectTo }),
  },
  signUp: fixed('/sign-up'),
  registResult: {
    path: '/regist/result/:uuid',
    getHref: (uuid: string) => `/regist/result/${encodeURIComponent(uuid)}`,
  },
  forgotPassword: {
    root: fixed('/forgot-psw'),
    chooseWay: fixed('/forgot-psw/choose-Way'),
    sendCode: {
      path: '/forgot-psw/send-code/:type',
      getHref: (type: string) => `/forgot-psw/send-code/${encodeURIComponent(type)}`,
    },
  },
  createPassword: {
    path: '/create-psw/:type/:uuid',
    getHref: (type: string, uuid: string) =>
      `/create-psw/${encodeURIComponent(type)}/${encodeURIComponent(uuid)}`,
  },
  updatePasswordSuccess: fixed('/update-pwd-succ'),
  airport: member(fixed('/airport')),
  airportDetail: {
    path: '/airport-detail',
    getHref: (code: string, tab?: string) => withQuery('/airport-detail', { code, tab }),
  },
  airportResult: {
    path: '/airport-result',
    getHref: (keyword: string) => withQuery('/airport-result', { keyword }),
  },
  /** One lounge, dining, spa or fast-track offer; kind defaults to lounge. */
  productDetail: {
    path: '/airport-detail/product',
    getHref: (id: string, kind?: string, airport?: string) =>
      withQuery('/airport-detail/product', { id, kind, airport }),
  },
  membership: {
    root: member(fixed('/membership')),
    overview: member(fixed('/membership/overview')),
    buy: member(fixed('/membership/buy')),
    add: member(fixed('/membership/add')),
    list: member(fixed('/membership/list')),
    success: member(fixed('/membership/success')),
    error: member(fixed('/membership/error')),
    card: member(fixed('/membership/card')),
  },
  account: {
    root: member(fixed('/account')),
    profile: member(fixed('/account/profile')),
    bookings: member(fixed('/account/bookings')),
    bookingDetail: member(fixed('/account/bookings/detail')),
    fastTrackBookingDetail: member(fixed('/account/bookings/ftdetail')),
    history: member(fixed('/account/history')),
    cards: member(fixed('/account/cards')),
    password: member(fixed('/account/password')),
    deleteAccount: member(fixed('/account/delete-account')),
  },
  // Booking needs a login: a visitor is sent to log in and comes back to the same lounge.
  prebooking: {
    root: member({
      path: '/prebooking',
      getHref: (code?: string) => withQuery('/prebooking', { code }),
    }),
    detail: member(fixed('/prebooking/detail')),
    review: member(fixed('/prebooking/review')),
    payment: member(fixed('/prebooking/payment')),
    result: member(fixed('/prebooking/result')),
    amend: member({
      path: '/prebooking/amend',
      getHref: (bookingId?: string) => withQuery('/prebooking/amend', { bookingId }),
    }),
  },
  // Fast track likewise: a visitor logs in and comes back to the same lane.
  cipPrebooking: {
    root: member({
      path: '/cipprebooking',
      getHref: (code?: string) => withQuery('/cipprebooking', { code }),
    }),
    detail: member(fixed('/cipprebooking/detail')),
    passenger: member(fixed('/cipprebooking/passenger')),
    review: member(fixed('/cipprebooking/review')),
    payment: member(fixed('/cipprebooking/payment')),
    result: member(fixed('/cipprebooking/result')),
  },
  // Dining and spa offers: a visitor logs in and comes back to the same offer.
  offers: {
    redeem: member({
      path: '/offers/redeem',
      getHref: (id: string, kind: string) => withQuery('/offers/redeem', { id, kind }),
    }),
    voucher: member({
      path: '/offers/voucher',
      getHref: (code: string) => withQuery('/offers/voucher', { code }),
    }),
  },
  faqs: fixed('/faqs'),
  faqDetail: {
    path: '/faqs/detail',
    getHref: (id?: string) => withQuery('/faqs/detail', { id }),
  },
  contactUs: fixed('/contact-us'),
  support: member(fixed('/support')),
  legal: {
    termsAndConditions: {
      path: '/terms-and-conditions',
      getHref: (cardType?: string) => withQuery('/terms-and-conditions', { cardType }),
    },
    termsConditions: fixed('/terms-conditions'),
    termsOfUse: fixed('/terms-use'),
    privacyPolicy: fixed('/privacy-policy'),
    cookiePolicy: fixed('/cookie-policy'),
    accessibility: fixed('/accessibility'),
    diningTerms: fixed('/dining-terms'),
  },
  sherpa: fixed('/sherpa'),
  timeOut: fixed('/time-out'),
  /** Back from 3-D Secure with no login here: the payment's outcome by its return reference. */
  paymentReturn: {
    path: '/payment/return',
    getHref: (ref: string, next?: string) => withQuery('/payment/return', { ref, next }),
  },
  demo: fixed('/demo'),
} as const;
