/** The services of SPEC §7; each is mounted at `/api/<service>` (DESIGN §3). */
export const SERVICES = [
  'authentication',
  'configuration',
  'catalogs',
  'operation',
  'covid',
  'vaccination',
  'ephi',
  'dashboard',
  'report',
  'report2',
  'calendar',
  'videocall',
  'notifications',
  'sync',
] as const
export type Service = (typeof SERVICES)[number]
