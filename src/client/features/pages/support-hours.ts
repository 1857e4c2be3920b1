// Support hours and response times by inquiry type (SPEC.md §9), shown on the Contact and Support pages.
export const businessHours = [
  { days: 'Monday to Friday', hours: '9:00 AM to 6:00 PM' },
  { days: 'Saturday', hours: '10:00 AM to 4:00 PM' },
  { days: 'Sunday', hours: '12:00 PM to 4:00 PM' },
] as const;

export const HOURS_TIMEZONE = 'EST';

export const responseTimes = [
  { type: 'General questions', time: '24 hours' },
  { type: 'Technical support', time: '4-6 hours' },
  { type: 'Billing & payments', time: '2-4 hours' },
  { type: 'Account issues', time: '1-2 hours' },
  { type: 'Emergencies', time: '15 minutes' },
] as const;

export const SUPPORT_RESPONSE_NOTE = 'Response time: typically 2-6 hours during business hours.';
