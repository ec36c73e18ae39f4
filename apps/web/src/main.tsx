import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Placeholder() {
  return <main style={{ fontFamily: 'sans-serif', padding: 32 }}><h1>Owo</h1><p>The web app is being built.</p></main>;
}
createRoot(document.getElementById('root')!).render(<StrictMode><Placeholder /></StrictMode>);
