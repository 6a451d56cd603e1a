// Signed-in layout (spec §2.5): left navigation with exactly the role's entries (300 px / 75 px; a temporary
// drawer at 1300 px or less), top bar with the user's name, My Profile and Logout; Finance has no menu.
import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector, type SessionUser } from '@frontend/shared-api';
import { logout } from '@frontend/identity-data-access';
import {
  AppBar, Box, Button, ChevronLeftIcon, ConfirmDialog, Drawer, IconButton, List, ListItemButton, ListItemIcon,
  ListItemText, LogoutIcon, MenuIcon, NavEntryIcon, PersonIcon, Toolbar, Tooltip, Typography, useMediaQuery,
} from '@frontend/shared-ui';
import { APP_ENV, APP_VERSION, MOBILE_MAX_WIDTH, NAV_COLLAPSED, NAV_EXPANDED, navFor, screenTitle, type Role } from '@frontend/shared-util';
import { SessionManager } from './session-manager';
import { focusTarget, useRouteFocus } from './use-route-focus';

/** A phone's width (under MUI's sm, 600 px): its top bar has no room for the version and the buttons' words. */
const PHONE_MAX_WIDTH = 599.95;

export default function AppLayout() {
  const user = useAppSelector((s) => s.auth.user);
  return user ? <SignedInLayout user={user} /> : null;
}

function SignedInLayout({ user }: { user: SessionUser }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const mobile = useMediaQuery(`(max-width:${MOBILE_MAX_WIDTH}px)`);
  const phone = useMediaQuery(`(max-width:${PHONE_MAX_WIDTH}px)`);
  const [expanded, setExpanded] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [askLogout, setAskLogout] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  useRouteFocus(rootRef, mainRef); // a new page: the focus to its heading
  // A screen may collapse the navigation (the call screen does when a call starts) and expand it again.
  useEffect(() => {
    const onNav = (e: Event) => setExpanded(!!(e as CustomEvent<{ expanded?: boolean }>).detail?.expanded);
    window.addEventListener('surveyops:navigation', onNav);
    return () => window.removeEventListener('surveyops:navigation', onNav);
  }, []);
  const entries = navFor(user.role as Role, APP_ENV);
  // Each page has a title of its own (WCAG 2.4.2): the navigation entry it is under, else the screen's own name
  // (a project's details, a call), else My Profile.
  const { pathname } = useLocation();
  const section = screenTitle(user.role as Role, pathname, APP_ENV);
  useEffect(() => {
    document.title = section ? `${section} - SurveyOps` : 'SurveyOps';
    return () => { document.title = 'SurveyOps'; }; // signed out: the sign-in page is SurveyOps again
  }, [section]);
  const hasMenu = entries.length > 0;
  const width = mobile || !hasMenu ? 0 : expanded ? NAV_EXPANDED : NAV_COLLAPSED;
  const narrow = !mobile && !expanded;

  const doLogout = async () => {
    setAskLogout(false);
    await logout(dispatch, { tellServer: true });
    navigate('/', { replace: true });
  };

  const nav = (
    <Box component="nav" aria-label="Main navigation" sx={{ width: mobile ? NAV_EXPANDED : width, overflowX: 'hidden' }}>
      <Toolbar />
      <List>
        {entries.map((e) => (
          // a list holds list items only: each link sits in its own <li> (screen readers announce "list, N items")
          <Box component="li" key={e.path} sx={{ listStyle: 'none' }}>
            <Tooltip title={narrow ? e.label : ''} placement="right">
              <ListItemButton
                component={NavLink}
                to={e.path}
                aria-label={e.label}
                onClick={() => setMobileOpen(false)}
                sx={{ '&.active': { bgcolor: 'action.selected', borderLeft: 4, borderColor: 'primary.main' }, minHeight: 44, ...(narrow ? { justifyContent: 'center', px: 0 } : {}) }}
              >
                <ListItemIcon sx={{ minWidth: narrow ? 0 : 40 }}>
                  <NavEntryIcon icon={e.icon} />
                </ListItemIcon>
                {!narrow && <ListItemText primary={e.label} />}
              </ListItemButton>
            </Tooltip>
          </Box>
        ))}
      </List>
    </Box>
  );

  return (
    <Box ref={rootRef} sx={{ display: 'flex', minHeight: '100vh' }}>
      {/* the first stop of Tab (WCAG 2.4.1): past the top bar and the navigation, shown while it has the focus */}
      <Box component="a" href="#main-content"
        onClick={(e) => { e.preventDefault(); if (mainRef.current) focusTarget(mainRef.current); }}
        sx={{ position: 'fixed', left: 8, top: -64, zIndex: (t) => t.zIndex.tooltip + 1, px: 2, py: 1, borderRadius: 1,
          bgcolor: 'background.paper', color: 'primary.main', fontWeight: 600, boxShadow: 3, '&:focus': { top: 8 } }}>
        Skip to main content
      </Box>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          {hasMenu && (
            <IconButton color="inherit" edge="start" aria-label={mobile ? 'Open navigation' : expanded ? 'Collapse navigation' : 'Expand navigation'}
              onClick={() => (mobile ? setMobileOpen(true) : setExpanded((x) => !x))} sx={{ mr: 2 }}>
              {!mobile && expanded ? <ChevronLeftIcon /> : <MenuIcon />}
            </IconButton>
          )}
          <Typography variant="h6" component="div" sx={{ flexGrow: 1 }}>
            SurveyOps {!phone && <Typography component="span" variant="caption">v{APP_VERSION}</Typography>}
          </Typography>
          <Typography sx={{ mr: 2, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} data-testid="user-name">{user.firstName} {user.lastName}</Typography>
          {/* on a phone the two buttons are their icons, named for screen readers: their words wrapped onto two lines
              there and ran into each other */}
          {phone ? (
            <>
              <IconButton color="inherit" aria-label="My Profile" onClick={() => navigate('/my-profile')}><PersonIcon /></IconButton>
              <IconButton color="inherit" aria-label="Logout" onClick={() => setAskLogout(true)}><LogoutIcon /></IconButton>
            </>
          ) : (
            <>
              <Button color="inherit" startIcon={<PersonIcon />} onClick={() => navigate('/my-profile')}>My Profile</Button>
              <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => setAskLogout(true)}>Logout</Button>
            </>
          )}
        </Toolbar>
      </AppBar>
      {hasMenu && (mobile ? (
        <Drawer variant="temporary" open={mobileOpen} onClose={() => setMobileOpen(false)} ModalProps={{ keepMounted: true }}>
          {nav}
        </Drawer>
      ) : (
        <Drawer variant="permanent" sx={{ width, flexShrink: 0, '& .MuiDrawer-paper': { width, boxSizing: 'border-box', transition: 'width 150ms' } }}>
          {nav}
        </Drawer>
      ))}
      <Box component="main" id="main-content" ref={mainRef} sx={{ flexGrow: 1, p: 3, minWidth: 0 }}>
        <Toolbar />
        <Outlet />
      </Box>
      <ConfirmDialog open={askLogout} title="Logout" message="Would you like to stay on this page?" confirmLabel="Logout" cancelLabel="Stay on this page" onConfirm={doLogout} onCancel={() => setAskLogout(false)} />
      <SessionManager />
    </Box>
  );
}
