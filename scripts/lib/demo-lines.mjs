// The demo login and the demo network's secret, sent by the server over the launcher's IPC channel (the
// server never logs them) and printed on the launcher's terminal: npm start and npm run dev.
export function printDemoLines(child, prefix) {
  child.on('message', (m) => {
    if (m?.type !== 'socialpay:demo') return;
    if (m.login) {
      const more = m.login.users > 1 ? ` (also demo2@ … demo${m.login.users}@socialpay.test, same password)` : '';
      console.log(`${prefix} demo login: ${m.login.email} / ${m.login.password}${more}`);
    }
    if (m.partner) console.log(`${prefix} demo partner network: ${m.partner.network} / secret ${m.partner.secret}  (README, "The reward loop")`);
  });
}
