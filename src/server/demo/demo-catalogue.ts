// The demo shop seeded on first start: SPEC.md §1's categories, a few product groups, some stock.
export type DemoGroup = {
  name: string;
  description: string;
  priceNaira: number;
  features: string[];
  stock: number;
};
export type DemoCategory = { id: string; name: string; description: string; groups: DemoGroup[] };

export const demoCatalogue: DemoCategory[] = [
  {
    id: 'instagram',
    name: 'Instagram',
    description: 'Aged and active Instagram accounts with real followers',
    groups: [
      {
        name: 'Instagram 1K Followers',
        description: 'Active account with about 1,000 followers',
        priceNaira: 3500,
        features: [
          '1K followers',
          'Email access',
          'Aged 6+ months',
          'Profile picture',
          'Posts included',
        ],
        stock: 12,
      },
      {
        name: 'Instagram 5K Followers',
        description: 'Niche account with about 5,000 followers',
        priceNaira: 12000,
        features: ['5K followers', 'Email access', 'Aged 1+ year'],
        stock: 3,
      },
    ],
  },
  {
    id: 'tiktok',
    name: 'TikTok',
    description: 'TikTok accounts ready for creators and brands',
    groups: [
      {
        name: 'TikTok Creator Account',
        description: 'Account with creator tools unlocked',
        priceNaira: 4500,
        features: ['Creator tools', 'Email access', '500+ followers', 'Clean history'],
        stock: 8,
      },
    ],
  },
  {
    id: 'twitter',
    name: 'Twitter',
    description: 'Twitter (X) accounts with history',
    groups: [
      {
        name: 'Twitter Aged Account',
        description: 'Registered 2+ years ago',
        priceNaira: 2500,
        features: ['Aged 2+ years', 'Email access'],
        stock: 10,
      },
    ],
  },
  {
    id: 'facebook',
    name: 'Facebook',
    description: 'Facebook accounts for marketing and pages',
    groups: [
      {
        name: 'Facebook Fresh Account',
        description: 'New verified account',
        priceNaira: 1500,
        features: ['Phone verified', 'Email access', '2FA ready'],
        stock: 15,
      },
    ],
  },
  {
    id: 'facebook-aged',
    name: 'Facebook Aged',
    description: 'Aged Facebook accounts, trusted for ads',
    groups: [
      {
        name: 'Facebook Aged 2015-2019',
        description: 'Aged account, good for ads manager',
        priceNaira: 8000,
        features: ['Aged 5+ years', 'Marketplace enabled', 'Email access', 'Friends included'],
        stock: 4,
      },
    ],
  },
  {
    id: 'youtube',
    name: 'YouTube',
    description: 'YouTube channels, monetisation-ready and starter',
    groups: [
      {
        name: 'YouTube Starter Channel',
        description: 'Channel with about 1,000 subscribers',
        priceNaira: 25000,
        features: ['1K subscribers', 'Gmail access'],
        stock: 2,
      },
    ],
  },
  {
    id: 'linkedin',
    name: 'LinkedIn',
    description: 'Professional LinkedIn profiles',
    groups: [
      {
        name: 'LinkedIn 500+ Connections',
        description: 'Profile with 500+ connections',
        priceNaira: 6000,
        features: ['500+ connections', 'Email access', 'Complete profile'],
        stock: 5,
      },
    ],
  },
  {
    id: 'followers',
    name: 'Followers',
    description: 'Follower-boosting services for your own accounts',
    groups: [
      {
        name: 'Instagram Followers Boost',
        description: 'Followers package delivered to your account',
        priceNaira: 0,
        features: ['Fast delivery', 'Refill guarantee'],
        stock: 0,
      },
    ],
  },
];
