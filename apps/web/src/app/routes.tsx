import { replace, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { paths } from '../shared/config/paths';
import { PageLoading } from './layout/page-loading';
import { alwaysRevalidate, requireAuthLoader } from './layout/require-auth';
import { RootError } from './layout/root-error';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { page } from './route-modules';

/** A parent path that shows its first child, keeping the query (e.g. ?code= on the booking flows). */
const redirectRoute = (path: string, to: string): RouteObject => ({
  path,
  loader: ({ request }: LoaderFunctionArgs) => replace(`${to}${new URL(request.url).search}`),
  Component: () => null,
});

const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('./routes/home')) },
  { path: paths.login.path, lazy: page(() => import('./routes/auth/login')) },
  { path: paths.signUp.path, lazy: page(() => import('./routes/auth/sign-up')) },
  { path: paths.registResult.path, lazy: page(() => import('./routes/auth/regist-result')) },
  redirectRoute(paths.forgotPassword.root.path, paths.forgotPassword.chooseWay.getHref()),
  {
    path: paths.forgotPassword.chooseWay.path,
    lazy: page(() => import('./routes/auth/forgot-password-choose-way')),
  },
  {
    path: paths.forgotPassword.sendCode.path,
    lazy: page(() => import('./routes/auth/forgot-password-send-code')),
  },
  { path: paths.createPassword.path, lazy: page(() => import('./routes/auth/create-password')) },
  {
    path: paths.updatePasswordSuccess.path,
    lazy: page(() => import('./routes/auth/update-password-success')),
  },
  { path: paths.airportDetail.path, lazy: page(() => import('./routes/airports/airport-detail')) },
  { path: paths.airportResult.path, lazy: page(() => import('./routes/airports/airport-result')) },
  {
    path: paths.productDetail.path,
    lazy: page(() => import('./routes/airports/product-detail')),
  },
  redirectRoute(paths.prebooking.root.path, paths.prebooking.detail.getHref()),
  { path: paths.prebooking.detail.path, lazy: page(() => import('./routes/prebooking/detail')) },
  { path: paths.prebooking.review.path, lazy: page(() => import('./routes/prebooking/review')) },
  { path: paths.prebooking.payment.path, lazy: page(() => import('./routes/prebooking/payment')) },
  { path: paths.prebooking.result.path, lazy: page(() => import('./routes/prebooking/result')) },
  redirectRoute(paths.cipPrebooking.root.path, paths.cipPrebooking.detail.getHref()),
  {
    path: paths.cipPrebooking.detail.path,
    lazy: page(() => import('./routes/cip-prebooking/detail')),
  },
  {
    path: paths.cipPrebooking.passenger.path,
    lazy: page(() => import('./routes/cip-prebooking/passenger')),
  },
  {
    path: paths.cipPrebooking.review.path,
    lazy: page(() => import('./routes/cip-prebooking/review')),
  },
  {
    path: paths.cipPrebooking.payment.path,
    lazy: page(() => import('./routes/cip-prebooking/payment')),
  },
  {
    path: paths.cipPrebooking.result.path,
    lazy: page(() => import('./routes/cip-prebooking/result')),
  },
  { path: paths.faqs.path, lazy: page(() => import('./routes/help/faqs')) },
  { path: paths.faqDetail.path, lazy: page(() => import('./routes/help/faq-detail')) },
  { path: paths.contactUs.path, lazy: page(() => import('./routes/support/contact-us')) },
  {
    path: paths.legal.termsAndConditions.path,
    lazy: page(() => import('./routes/legal/terms-and-conditions')),
  },
  {
    path: paths.legal.termsConditions.path,
    lazy: page(() => import('./routes/legal/terms-conditions')),
  },
  { path: paths.legal.termsOfUse.path, lazy: page(() => import('./routes/legal/terms-use')) },
  {
    path: paths.legal.privacyPolicy.path,
    lazy: page(() => import('./routes/legal/privacy-policy')),
  },
  { path: paths.legal.cookiePolicy.path, lazy: page(() => import('./routes/legal/cookie-policy')) },
  {
    path: paths.legal.accessibility.path,
    lazy: page(() => import('./routes/legal/accessibility')),
  },
  { path: paths.legal.diningTerms.path, lazy: page(() => import('./routes/legal/dining-terms')) },
  { path: paths.sherpa.path, lazy: page(() => import('./routes/sherpa')) },
  { path: paths.timeOut.path, lazy: page(() => import('./routes/auth/time-out')) },
  { path: paths.demo.path, lazy: page(() => import('./routes/demo')) },
];

const memberRoutes: RouteObject[] = [
  { path: paths.support.path, lazy: page(() => import('./routes/support/support')) },
  { path: paths.airport.path, lazy: page(() => import('./routes/airports/airport-search')) },
  redirectRoute(paths.membership.root.path, paths.membership.overview.getHref()),
  {
    path: paths.membership.overview.path,
    lazy: page(() => import('./routes/membership/overview')),
  },
  { path: paths.membership.buy.path, lazy: page(() => import('./routes/membership/buy')) },
  { path: paths.membership.add.path, lazy: page(() => import('./routes/membership/add')) },
  { path: paths.membership.list.path, lazy: page(() => import('./routes/membership/list')) },
  { path: paths.membership.success.path, lazy: page(() => import('./routes/membership/success')) },
  { path: paths.membership.error.path, lazy: page(() => import('./routes/membership/error')) },
  redirectRoute(paths.account.root.path, paths.account.profile.getHref()),
  {
    // The account pages share the greeting, the side menu (a dropdown on mobile) and About.
    lazy: page(() => import('./routes/account/layout')),
    children: [
      { path: paths.account.profile.path, lazy: page(() => import('./routes/account/profile')) },
      {
        path: paths.account.bookings.path,
        lazy: page(() => import('./routes/account/bookings')),
      },
      {
        path: paths.account.bookingDetail.path,
        lazy: page(() => import('./routes/account/booking-detail')),
      },
      {
        path: paths.account.fastTrackBookingDetail.path,
        lazy: page(() => import('./routes/account/fast-track-booking-detail')),
      },
      { path: paths.account.history.path, lazy: page(() => import('./routes/account/history')) },
      { path: paths.account.cards.path, lazy: page(() => import('./routes/account/cards')) },
      {
        path: paths.account.password.path,
        lazy: page(() => import('./routes/account/password')),
      },
      {
        path: paths.account.deleteAccount.path,
        lazy: page(() => import('./routes/account/delete-account')),
      },
    ],
  },
];

/** Every route of spec section 2; member routes sit behind the guard (section 6). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootError,
    // The shell appears with the first page, already at its final (redirected) address.
    HydrateFallback: PageLoading,
    children: [
      {
        id: 'content',
        ErrorBoundary: RouteError,
        children: [
          ...publicRoutes,
          {
            id: 'member',
            loader: requireAuthLoader,
            shouldRevalidate: alwaysRevalidate,
            children: memberRoutes,
          },
          { path: '*', lazy: page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];
