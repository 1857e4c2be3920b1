// The three web-design packages of the Web Services page (SPEC.md §9), with what each includes.
import { nairaToKobo } from '../../../shared/money.ts';
import type { projectTypes } from '../../../shared/inbox.ts';

export type WebPackage = {
  id: (typeof projectTypes)[number]['value'];
  name: string;
  priceKobo: number;
  duration: string;
  tagline: string;
  features: string[];
  benefits: string[];
  ideal: string;
  popular: boolean;
};

export const FREE_HOSTING_VALUE_KOBO = nairaToKobo(12_000);
export const FREE_LOGO_VALUE_KOBO = nairaToKobo(15_000);

export const webPackages: WebPackage[] = [
  {
    id: 'starter-website',
    name: 'Starter Website',
    priceKobo: nairaToKobo(50_000),
    duration: '3-5 days',
    tagline: 'A clean, professional site to get your business online.',
    features: [
      'Up to 5 pages',
      'Mobile-friendly design',
      'Contact form and WhatsApp button',
      'Basic search engine setup',
      'Free hosting for 1 year',
    ],
    benefits: ['Be found on Google', 'Look credible to new customers'],
    ideal: 'Freelancers, small shops and personal brands',
    popular: false,
  },
  {
    id: 'business-builder',
    name: 'Business Builder',
    priceKobo: nairaToKobo(150_000),
    duration: '7-10 days',
    tagline: 'Everything a growing business needs to win customers online.',
    features: [
      'Up to 10 pages',
      '3 rounds of design changes',
      'Blog or news section',
      'Google Maps and social media links',
      'Search engine optimisation',
      'Free hosting for 1 year',
    ],
    benefits: ['Turn visitors into enquiries', 'Update your content yourself'],
    ideal: 'Established businesses, agencies and schools',
    popular: true,
  },
  {
    id: 'online-store',
    name: 'Online Store',
    priceKobo: nairaToKobo(300_000),
    duration: '14-21 days',
    tagline: 'Sell your products online and get paid in naira.',
    features: [
      'Product catalogue with categories',
      'Cart and checkout',
      'Naira card, transfer and USSD payments',
      'Order and stock management',
      'Free hosting for 1 year',
    ],
    benefits: ['Sell around the clock', 'Track every order in one place'],
    ideal: 'Retailers and brands ready to sell online',
    popular: false,
  },
];
