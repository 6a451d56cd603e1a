// Opened on its own, a remote only points to the shell: it runs inside the shell after sign-in.
import * as ReactDOM from 'react-dom/client';

ReactDOM.createRoot(document.getElementById('root') as HTMLElement).render(
  <p style={{ fontFamily: 'sans-serif', padding: 24 }}>
    This module is part of SurveyOps and runs inside the shell. <a href="/">Open SurveyOps</a>
  </p>,
);
