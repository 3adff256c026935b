import { VM_MEMBERSHIP_ENDED_ON, type AgentConfig, type Issuer } from '@portal/contract';
import { artUrl } from './art-url';
import { issuerConfig, loungeMembershipOf } from './issuer-config';

/** The white-label app's store pages; links only, never fetched by the server. */
const APP_STORE = {
  apple: 'https://apps.apple.com/gb/app/lounge-access/id0000000000',
  google: 'https://play.google.com/store/apps/details?id=com.example.loungeaccess',
};

/** Where /sherpa links out when no widget is configured. */
export const VISA_SERVICE_URL = 'https://apply.joinsherpa.com/travel-restrictions';

export const VISA_NOTICE_ID = 'visa-service';

function banner(issuer: Issuer): AgentConfig['banner'] {
  return {
    title: 'Airport lounges, wherever you fly',
    text:
      `With ${loungeMembershipOf(issuer)} you can relax in airport lounges around the world, skip the ` +
      // No call to register here: the home page shows it to visitors only (as its button).
      'security queue with Fast Track and save on dining and spa treatments.',
    image: artUrl('banner', issuer),
  };
}

function carousel(issuer: Issuer): AgentConfig['carousel'] {
  return [
    {
      id: 'lounges',
      title: 'Relax before you fly',
      text: 'Find a lounge at your airport and pre-book your visit from 48 hours to 180 days ahead.',
      image: artUrl('slide', `${issuer}-lounges`),
      link: '/airport',
    },
    {
      id: 'fast-track',
      title: 'Skip the security queue',
      text: 'Pre-book Fast Track at selected airports and spend less time queuing.',
      image: artUrl('slide', `${issuer}-fast-track`),
      link: '/airport',
    },
    {
      id: 'dining-spa',
      title: 'Dining and spa offers',
      text: 'Show your membership for discounts on food, drink and treatments at the airport.',
      image: artUrl('slide', `${issuer}-dining-spa`),
      link: '/airport',
    },
    {
      id: 'membership',
      title: 'Your membership in one place',
      text: 'Check your passes, add a membership and buy extra visits from your account.',
      image: artUrl('slide', `${issuer}-membership`),
      link: '/membership',
    },
  ];
}

function visaNotice(issuer: Issuer): AgentConfig['notices'][number] {
  const bank = issuerConfig[issuer].bankName;
  return {
    id: VISA_NOTICE_ID,
    title: 'Important notice',
    text:
      'Travel visa and entry requirement information on this site is provided by an independent ' +
      `third-party service, not by ${bank} or by us. It is for guidance only: please check the ` +
      'requirements for your trip with the official government sources of the countries you are ' +
      'visiting before you travel.',
    link: { url: '/sherpa', text: 'Visa information' },
  };
}

function customerNotice(issuer: Issuer, contactEmail: string): AgentConfig['customerNotice'] {
  if (issuer !== 'vm') return null;
  return {
    title: 'Customer notice',
    text:
      `Your ${issuerConfig.vm.bankName} lounge membership ended on 1 February 2024. Lounge access ` +
      'and pre-booking are no longer available through this site. If you have any questions, ' +
      'please contact us.',
    endedOn: VM_MEMBERSHIP_ENDED_ON,
    contactEmail,
  };
}

/**
 * The parts of the home configuration that depend only on the issuer (and the support mailbox a
 * closed channel's members write to).
 */
export function issuerHomeConfig(
  issuer: Issuer,
  supportMailbox: string,
): Omit<AgentConfig, 'maintenance' | 'visaWidgetUrl'> {
  return {
    channel: issuer,
    bankName: issuerConfig[issuer].bankName,
    appStore: APP_STORE,
    banner: banner(issuer),
    notices: [visaNotice(issuer)],
    carousel: carousel(issuer),
    customerNotice: customerNotice(issuer, supportMailbox),
    visaServiceUrl: VISA_SERVICE_URL,
  };
}
