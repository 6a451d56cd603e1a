// Changing one's own email or phone number (step-up): the new value and the current password, then the code that
// was sent to the NEW phone (SMS) or address (mail). The previous email address is told by the server.
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  savingEnded, savingStarted, useAppDispatch, useIdentityConfirmContactChangeMutation, useIdentityStartContactChangeMutation,
  userUpdated, type SessionUser,
} from '@frontend/shared-api';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, PhoneField, Stack, TextField } from '@frontend/shared-ui';
import { requiredAccountPhone } from '@frontend/shared-phone';
import { emailField, otpSchema, requiredText } from '@frontend/shared-forms';

export type ContactField = 'email' | 'phoneNumber';
const LABEL: Record<ContactField, string> = { email: 'email address', phoneNumber: 'phone number' };

const askSchemas = {
  email: z.object({ value: emailField, password: requiredText }),
  phoneNumber: z.object({ value: requiredAccountPhone, password: requiredText }),
};
type Ask = { value: string; password: string };

export function ContactChangeDialog({ field, onClose }: { field: ContactField; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [start, { isLoading: sending }] = useIdentityStartContactChangeMutation();
  const [confirm, { isLoading: confirming }] = useIdentityConfirmContactChangeMutation();
  const ask = useForm<Ask>({ resolver: zodResolver(askSchemas[field]), defaultValues: { value: '', password: '' } });
  const code = useForm<{ otp: string }>({ resolver: zodResolver(otpSchema), defaultValues: { otp: '' } });

  const sendCode = async (v: Ask) => {
    const body = field === 'email' ? { email: v.value.trim(), password: v.password } : { phoneNumber: v.value.trim(), password: v.password };
    const res = await start({ contactChangeStart: body }).unwrap().catch(() => null);
    if (res) setSentTo(res.data.sentTo);
  };

  const apply = async ({ otp }: { otp: string }) => {
    dispatch(savingStarted());
    const res = await confirm({ contactChangeConfirm: { code: otp.trim() } }).unwrap().catch(() => null).finally(() => dispatch(savingEnded()));
    if (res?.data) {
      dispatch(userUpdated(res.data as SessionUser));
      onClose();
    }
  };

  const title = `Change ${LABEL[field]}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby="contact-change-title" fullWidth maxWidth="xs">
      <DialogTitle id="contact-change-title">{title}</DialogTitle>
      {sentTo === null ? (
        <form noValidate onSubmit={ask.handleSubmit(sendCode)}>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              We send a six-digit code to the new {LABEL[field]}; your current email address is told of the change.
            </DialogContentText>
            <Stack spacing={2}>
              {field === 'email' ? (
                <TextField label="New email" type="email" autoFocus {...ask.register('value')} error={!!ask.formState.errors.value} helperText={ask.formState.errors.value?.message} />
              ) : (
                <Controller control={ask.control} name="value" render={({ field: f }) => (
                  <PhoneField label="New contact number" autoFocus name={f.name} value={f.value} onChange={f.onChange} onBlur={f.onBlur} inputRef={f.ref}
                    error={!!ask.formState.errors.value} helperText={ask.formState.errors.value?.message} />
                )} />
              )}
              <TextField label="Current password" type="password" autoComplete="current-password" {...ask.register('password')} error={!!ask.formState.errors.password} helperText={ask.formState.errors.password?.message} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={sending}>Send code</Button>
          </DialogActions>
        </form>
      ) : (
        <form noValidate onSubmit={code.handleSubmit(apply)}>
          <DialogContent>
            <DialogContentText>Enter the six-digit code sent to {sentTo}. It expires in 5 minutes.</DialogContentText>
            <TextField label="Verification code" autoFocus fullWidth margin="normal" autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }} {...code.register('otp')}
              error={!!code.formState.errors.otp} helperText={code.formState.errors.otp?.message} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setSentTo(null)}>Back</Button>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={confirming}>Confirm</Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
