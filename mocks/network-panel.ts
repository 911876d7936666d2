import { mockNetwork } from './network';

/**
 * The QA panel of mock mode: one button in the page's corner that takes the simulated connection
 * away and brings it back (mocks/network.ts). Plain DOM: it is no part of the app.
 */
export const mountNetworkPanel = () => {
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'mock-network-switch';
  Object.assign(button.style, {
    position: 'fixed',
    left: '8px',
    bottom: '8px',
    zIndex: '10000',
    font: '600 12px/1.2 system-ui, sans-serif',
    padding: '6px 10px',
    borderRadius: '999px',
    border: '1px solid #495057',
    background: '#212529',
    color: '#ffffff',
    cursor: 'pointer',
  });
  const render = (offline: boolean) => {
    button.textContent = offline ? 'Mock: offline - go online' : 'Mock: online - go offline';
    button.setAttribute('aria-pressed', String(offline));
  };
  button.addEventListener('click', () => (mockNetwork.isOffline() ? mockNetwork.goOnline() : mockNetwork.goOffline()));
  mockNetwork.onChange(render);
  render(mockNetwork.isOffline());
  document.body.append(button);
};
