/**
 * "A new version is available - Reload", bottom centre. Plain DOM: it appears outside React, at any
 * moment, on any screen, and must not need another file to show.
 */
export const UPDATE_PROMPT_TEXT = 'A new version is available';

export const showUpdatePrompt = (onReload: () => void) => {
  if (document.getElementById('update-prompt')) return;
  const prompt = document.createElement('div');
  prompt.id = 'update-prompt';
  prompt.setAttribute('role', 'status');
  prompt.style.cssText =
    'position:fixed;left:50%;bottom:16px;transform:translateX(-50%);z-index:1000;display:flex;gap:12px;align-items:center;' +
    'padding:10px 16px;border-radius:8px;background:#1f2933;color:#fff;font:15px/1.4 system-ui;box-shadow:0 4px 16px rgba(0,0,0,.3);max-width:calc(100vw - 32px)';
  const text = document.createElement('span');
  text.textContent = `${UPDATE_PROMPT_TEXT} - `;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Reload';
  button.style.cssText = 'font:inherit;font-weight:600;padding:4px 12px;border:0;border-radius:6px;background:#27c994;color:#06281d;cursor:pointer';
  button.addEventListener('click', () => {
    button.disabled = true;
    onReload();
  });
  prompt.append(text, button);
  document.body.append(prompt);
};
