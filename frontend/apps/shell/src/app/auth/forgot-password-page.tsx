import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useIdentityPasswordForgotMutation } from '@frontend/shared-api';
import { Box, Button, Link, Stack, TextField, Typography } from '@frontend/shared-ui';
import { emailField } from '@frontend/shared-forms';
import { AuthCard } from './auth-card';

const schema = z.object({ email: emailField });

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [forgot, { isLoading }] = useIdentityPasswordForgotMutation();
  const { register, handleSubmit, formState: { errors } } = useForm<{ email: string }>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const onSubmit = async ({ email }: { email: string }) => {
    await forgot({ passwordForgot: { email } }).unwrap().then(() => setTimeout(() => navigate('/'), 50)).catch(() => undefined);
  };
  return (
    <AuthCard title="Forgot Password">
      <Typography color="text.secondary" sx={{ mb: 2 }}>Enter your email and we will send you a link to reset your password.</Typography>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack spacing={2}>
          <TextField label="Email" type="email" autoFocus {...register('email')} error={!!errors.email} helperText={errors.email?.message} />
          <Button type="submit" variant="contained" disabled={isLoading}>Submit</Button>
          <Link component={RouterLink} to="/" sx={{ alignSelf: 'center' }}>Back to Login</Link>
        </Stack>
      </Box>
    </AuthCard>
  );
}
