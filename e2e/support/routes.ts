/** The public pages of spec section 2 that show content (no form of their own to fill). */
export const PUBLIC_CONTENT_ROUTES = [
  '/',
  '/airport-result?keyword=london',
  '/airport-detail?code=LHR',
  '/airport-detail/product?id=LHR-LNG-1',
  // A fast-track lane has the same full page as a lounge (issue 21).
  '/airport-detail/product?id=LHR-FT-1&kind=fast-track',
  '/faqs',
  '/contact-us',
  '/sherpa',
  '/terms-and-conditions',
  '/terms-conditions',
  '/terms-use',
  '/privacy-policy',
  '/cookie-policy',
  '/accessibility',
  '/dining-terms',
];
