// The demo sign-ins. Their passwords live here, in the demo generator, and nowhere in product code.

export type DemoRole = 'partner' | 'network' | 'inhouse' | 'analytics' | 'operator';

export interface DemoUser {
  role: DemoRole;
  email: string;
  password: string;
  userName: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { role: 'partner', email: 'partner@demo.viewdeck.example', password: 'partner-demo-1', userName: 'Pat Partner' },
  { role: 'network', email: 'network@demo.viewdeck.example', password: 'network-demo-1', userName: 'Nora Network' },
  { role: 'inhouse', email: 'inhouse@demo.viewdeck.example', password: 'inhouse-demo-1', userName: 'Ian Inhouse' },
  { role: 'analytics', email: 'analytics@demo.viewdeck.example', password: 'analytics-demo-1', userName: 'Ada Analytics' },
  // A staff account: the operator console at /admin; no grants, so its dashboard is empty.
  { role: 'operator', email: 'operator@demo.viewdeck.example', password: 'operator-demo-1', userName: 'Otto Operator' },
];
