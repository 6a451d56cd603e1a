import * as React from 'react';
import NxWelcome from "./nx-welcome";
import { Link, Route, Routes } from 'react-router-dom';

const Admin = React.lazy(() => import('admin/Module'));
const Manager = React.lazy(() => import('manager/Module'));
const Surveyor = React.lazy(() => import('surveyor/Module'));
const Quality = React.lazy(() => import('quality/Module'));
const Cleaner = React.lazy(() => import('cleaner/Module'));
const Cimr = React.lazy(() => import('cimr/Module'));

export function App() {
  return (
    <React.Suspense fallback={null}>
      <ul>
        <li><Link to="/">Home</Link></li>
        <li><Link to="/admin">Admin</Link></li>
        <li><Link to="/manager">Manager</Link></li>
        <li><Link to="/surveyor">Surveyor</Link></li>
        <li><Link to="/quality">Quality</Link></li>
        <li><Link to="/cleaner">Cleaner</Link></li>
        <li><Link to="/cimr">Cimr</Link></li>
      </ul>
      <Routes>
        <Route path="/" element={<NxWelcome title="shell"/>} />
        <Route path="/admin" element={<Admin/>} />
        <Route path="/manager" element={<Manager/>} />
        <Route path="/surveyor" element={<Surveyor/>} />
        <Route path="/quality" element={<Quality/>} />
        <Route path="/cleaner" element={<Cleaner/>} />
        <Route path="/cimr" element={<Cimr/>} />
      </Routes>
    </React.Suspense>
  );
}

export default App;
