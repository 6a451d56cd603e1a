import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Cancel from '@mui/icons-material/Cancel';
import { PASSWORD_RULES } from '@frontend/shared-util';

/** The live list of password requirements, ticked as the user types. */
export function PasswordChecklist({ value }: { value: string }) {
  return (
    <List dense aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const ok = rule.test(value);
        return (
          <ListItem key={rule.label} disableGutters data-met={ok}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {ok ? <CheckCircle color="success" fontSize="small" /> : <Cancel color="error" fontSize="small" />}
            </ListItemIcon>
            <ListItemText primary={rule.label} />
          </ListItem>
        );
      })}
    </List>
  );
}
