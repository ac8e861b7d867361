import { BadgeCheck, Briefcase, GraduationCap, LogIn } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { errorId, invalidProps } from '#client/components/forms/field-errors.ts';
import { useSchemaForm } from '#client/components/forms/schema-form.ts';
import { AuthTopBar, HAZARD_STRIPE } from '#client/components/layout/auth-top-bar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FieldError } from '#client/components/ui/field-error.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { PasswordInput } from '#client/components/ui/password-input.tsx';
import { hardNavigate } from '#client/lib/navigation.ts';
import { toast } from '#client/lib/toast.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { type LoginInput, loginSchema } from '#shared/schemas/auth.ts';
import { login } from '../api/login.ts';

/** Under the field: what is missing (the spec's toast still says 'Please enter both username and password'). */
const EMPTY_FIELD: Record<string, string> = { email: 'Enter your email', password: 'Enter your password' };
const EMAIL_ID = 'login-email';
const PASSWORD_ID = 'login-password';

export function LoginPage() {
  useDocumentTitle('Portal Login');
  const [submitting, setSubmitting] = useState(false);
  const { form, errors, submit } = useSchemaForm<LoginInput, typeof loginSchema>({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    idFor: (key) => `login-${key}`,
    messageFor: (key, error) =>
      error.type === 'too_small' ? (EMPTY_FIELD[key] ?? error.message) : error.message,
  });
  const { register } = form;

  const onSubmit = submit(signIn, () =>
    toast({ title: 'Error', description: 'Please enter both username and password', variant: 'destructive' }),
  );

  async function signIn(credentials: LoginInput) {
    if (submitting) return;
    setSubmitting(true);
    try {
      // Sent as parsed (the email trimmed); the form hands on the valid input as typed.
      const result = await login(loginSchema.parse(credentials));
      if (result.ok) {
        // A full page load (docs/product.md#accounts) starts the signed-in app with a clean cache; the button stays busy
        // until the browser leaves.
        hardNavigate('/');
        return;
      }
      toast({
        title: 'Login Failed',
        description: result.message ?? 'Invalid credentials',
        variant: 'destructive',
      });
    } catch {
      toast({ title: 'Error', description: 'Login failed. Please try again.', variant: 'destructive' });
    }
    setSubmitting(false);
  }

  return (
    <div className="grid min-h-dvh bg-card lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)]">
      <div className="relative flex flex-col px-5 py-6 sm:px-10 lg:px-16">
        {/* On small screens, where the brand panel is hidden, the hazard stripe alone carries the look. */}
        <div aria-hidden="true" className={`absolute inset-x-0 top-0 h-1.5 lg:hidden ${HAZARD_STRIPE}`} />
        <AuthTopBar back={{ href: '/', label: 'Back to website' }} />

        <main
          id="main"
          className="flex flex-1 items-start justify-center pt-14 pb-10 sm:items-center sm:py-16"
        >
          <div className="w-full max-w-sm">
            <div className="mb-8">
              <p className="text-sm font-semibold tracking-wide text-safety-700 uppercase">
                Student & admin portal
              </p>
              <h1 className="mt-2 text-3xl font-bold tracking-tight text-navy-950">Welcome back</h1>
              <p className="mt-2 text-base text-muted-foreground">
                Sign in to pick up your training where you left off.
              </p>
            </div>

            <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Sign in">
              <div className="flex flex-col gap-2">
                <Label htmlFor={EMAIL_ID}>Email</Label>
                <Input
                  id={EMAIL_ID}
                  type="text"
                  inputMode="email"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder="you@example.com"
                  {...register('email')}
                  readOnly={submitting}
                  {...invalidProps(errors, EMAIL_ID)}
                />
                <FieldError id={errorId(EMAIL_ID)}>{errors[EMAIL_ID]}</FieldError>
              </div>
              <div className="flex flex-col gap-2">
                <div className="flex items-center justify-between gap-2">
                  <Label htmlFor={PASSWORD_ID}>Password</Label>
                  <Link
                    href="/forgot-password"
                    className="rounded-sm text-sm font-medium text-navy-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    Forgot password?
                  </Link>
                </div>
                <PasswordInput
                  id={PASSWORD_ID}
                  autoComplete="current-password"
                  placeholder="Your password"
                  {...register('password')}
                  readOnly={submitting}
                  {...invalidProps(errors, PASSWORD_ID)}
                />
                <FieldError id={errorId(PASSWORD_ID)}>{errors[PASSWORD_ID]}</FieldError>
              </div>
              <Button type="submit" size="lg" className="mt-2 w-full" disabled={submitting}>
                {submitting ? (
                  'Signing In...'
                ) : (
                  <>
                    <LogIn aria-hidden="true" />
                    Sign In
                  </>
                )}
              </Button>
            </form>

            <p className="mt-8 border-t border-border pt-6 text-sm text-muted-foreground">
              New to TradeSkills? Your login details are emailed when you enrol.{' '}
              <Link
                href="/fundamental-courses"
                className="rounded-sm font-medium text-navy-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                Browse courses
              </Link>
            </p>
          </div>
        </main>
      </div>

      <BrandPanel />
    </div>
  );
}

const HIGHLIGHTS = [
  { icon: GraduationCap, text: 'Video lessons, presentations and quizzes, at your own pace' },
  { icon: BadgeCheck, text: 'Industry-recognised skills taught by working tradespeople' },
  { icon: Briefcase, text: 'CV support and introductions to our recruitment partners' },
];

const STATS = [
  { value: '500+', label: 'Students trained' },
  { value: '98%', label: 'Success rate' },
  { value: '50+', label: 'Hiring companies' },
];

/** Large screens only: the form side carries everything needed to sign in on a phone. */
function BrandPanel() {
  return (
    <aside
      aria-label="About TradeSkills"
      className="relative hidden overflow-hidden bg-navy-950 text-white lg:flex lg:flex-col lg:justify-between"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-[0.07] [background-image:linear-gradient(to_right,white_1px,transparent_1px),linear-gradient(to_bottom,white_1px,transparent_1px)] [background-size:44px_44px]"
      />
      <div
        aria-hidden="true"
        className="absolute -top-40 -right-40 size-[28rem] rounded-full bg-safety-500/20 blur-3xl"
      />
      <div aria-hidden="true" className={`h-2 w-full ${HAZARD_STRIPE}`} />

      <div className="relative flex flex-1 flex-col justify-center px-14 py-16 xl:px-20">
        <p className="text-sm font-semibold tracking-wide text-safety-400 uppercase">
          Trade & apprenticeship training
        </p>
        <h2 className="mt-4 max-w-lg text-4xl leading-tight font-bold tracking-tight text-balance xl:text-5xl">
          Build the skills the trades are hiring for.
        </h2>
        <ul className="mt-10 flex max-w-md flex-col gap-5">
          {HIGHLIGHTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/10 text-safety-400">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="pt-2 text-base text-navy-100">{text}</span>
            </li>
          ))}
        </ul>
      </div>

      <dl className="relative grid grid-cols-3 gap-6 border-t border-white/10 px-14 py-10 xl:px-20">
        {STATS.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse">
            <dt className="text-sm text-navy-300">{stat.label}</dt>
            <dd className="mb-1 text-3xl font-bold text-white">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
