import {
  checkPosition,
  checkText,
  controllerRoutes,
  facebookBody,
  installNewBody,
  payAmountBody,
  phonePayBody,
  PLACEMENT_FIELDS,
  positionRules,
  type ControllerSettings,
  type PositionName,
} from '@streamdesk/contract/controller';
import type { z } from 'zod';
import { FullPageLoader } from '@/ui/full-page-loader';
import { PageHeader } from '@/ui/page-header';
import { LOAD_FAILED, useFailedLoadToast } from '@/ui/use-failed-load-toast';
import { useControllerSave, useControllerSettings } from '../api';
import { FlagSwitch } from '../components/flag-switch';
import { PlacementSelect } from '../components/placement-select';
import { Section } from '../components/section';
import { SettingForm, type SettingField } from '../components/setting-form';

/** The first message a contract schema gives for one field, or undefined when it passes. */
const fieldError =
  (schema: z.ZodObject, name: string) =>
  (value: string): string | undefined => {
    const shape = schema.shape as Record<string, z.ZodType>;
    const result = shape[name]!.safeParse(value);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

const positionError = (name: PositionName) => (value: string) => {
  const checked = checkPosition(name, value);
  return typeof checked === 'number' ? undefined : checked.message;
};

const positionField = (name: PositionName, initial: number, hint?: string): SettingField => ({
  name,
  hint,
  label: positionRules[name].label,
  type: 'number',
  min: positionRules[name].min,
  max: positionRules[name].inputMax,
  initial: String(initial),
  check: positionError(name),
});

export default function ControllerPage() {
  const { data, isPending } = useControllerSettings();
  useFailedLoadToast(data);
  if (isPending) return <FullPageLoader label="Loading controller settings" />;
  if (!data?.status) {
    return (
      <section>
        <PageHeader title="Controller" />
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-700">
          {data?.message || LOAD_FAILED}
        </p>
      </section>
    );
  }
  return <ControllerScreen settings={data.data} appOpens={data.appOpens} />;
}

function ControllerScreen({ settings: s, appOpens }: { settings: ControllerSettings; appOpens: number }) {
  const position = useControllerSave(controllerRoutes.position, 'Failed to update Ads Position');
  const text = useControllerSave(controllerRoutes.text);
  const facebook = useControllerSave(controllerRoutes.facebook);
  const install = useControllerSave(controllerRoutes.installNew);
  const phonePay = useControllerSave(controllerRoutes.phonePay);
  const payAmount = useControllerSave(controllerRoutes.payAmount);

  const savePosition = (name: PositionName) => (values: Record<string, string>) =>
    position.mutateAsync({ name, value: values[name] ?? '' });
  const textError = (field: 'webRedirectUrl' | 'searchText' | 'maintenanceMessage') => (value: string) => {
    const checked = checkText(field, value);
    return typeof checked === 'string' ? undefined : checked.message;
  };

  return (
    <div className="space-y-4">
      <PageHeader title="Controller" description={`App opens counted: ${appOpens.toLocaleString('en-US')}`} />

      <Section title="Home">
        <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          <FlagSwitch name="reels" value={s.reels} />
          <FlagSwitch name="storyBrand" value={s.storyBrand} />
          <FlagSwitch name="liveMatch" value={s.liveMatch} />
          <FlagSwitch name="inHouseAds" value={s.inHouseAds} />
          <FlagSwitch name="storyVideo" value={s.storyVideo} />
          <FlagSwitch name="hidden_module" value={s.hidden_module} />
        </div>
        <div className="grid gap-6 md:grid-cols-2">
          <SettingForm
            title="Story Ads Position"
            hideTitle
            fields={[
              positionField(
                'storyAdsPosition',
                s.storyAdsPosition,
                'Where story ads appear among stories: 1 to 9.',
              ),
            ]}
            onSave={savePosition('storyAdsPosition')}
          />
          <SettingForm
            title="NTV Timer"
            hideTitle
            fields={[positionField('ntvTiming', s.ntvTiming, 'Seconds before the native intent: 0 to 19.')]}
            onSave={savePosition('ntvTiming')}
          />
        </div>
      </Section>

      <Section title="Ads Management">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {PLACEMENT_FIELDS.map((field) => (
            <PlacementSelect key={field} field={field} value={s[field]} />
          ))}
        </div>
      </Section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Facebook">
          <SettingForm
            title="Facebook SDK"
            hideTitle
            fields={[
              {
                name: 'facebook_app_id',
                label: 'Facebook App ID',
                initial: s.facebook_app_id,
                check: fieldError(facebookBody, 'facebook_app_id'),
              },
              {
                name: 'facebook_client_token',
                label: 'Facebook Client Token',
                initial: s.facebook_client_token,
                check: fieldError(facebookBody, 'facebook_client_token'),
              },
            ]}
            onSave={(v) =>
              facebook.mutateAsync({
                facebook_app_id: v.facebook_app_id ?? '',
                facebook_client_token: v.facebook_client_token ?? '',
              })
            }
          />
        </Section>

        <Section title="Web Redirect">
          <SettingForm
            title="Web Redirect URL"
            hideTitle
            fields={[
              {
                name: 'webRedirectUrl',
                label: 'Web Redirect URL',
                type: 'url',
                placeholder: 'https://',
                initial: s.webRedirectUrl,
                check: textError('webRedirectUrl'),
              },
              positionField('webPosition', s.webPosition),
            ]}
            onSave={async (v) => {
              const saved = await text.mutateAsync({ field: 'webRedirectUrl', url: v.webRedirectUrl ?? '' });
              if (saved.status)
                await position.mutateAsync({ name: 'webPosition', value: v.webPosition ?? '' });
            }}
          />
        </Section>

        <Section title="App Search">
          <SettingForm
            title="App Search Text"
            hideTitle
            fields={[
              {
                name: 'searchText',
                label: 'Search Text',
                initial: s.searchText,
                check: textError('searchText'),
              },
            ]}
            onSave={(v) => text.mutateAsync({ field: 'searchText', url: v.searchText ?? '' })}
          />
        </Section>

        <Section title="Install New App">
          <FlagSwitch name="installNew" value={s.installNew} hint="Asks app users to install the new app." />
          {s.installNew && (
            <SettingForm
              title="Install CTA"
              fields={[
                {
                  name: 'btn_url',
                  label: 'CTA URL',
                  type: 'url',
                  placeholder: 'https://',
                  wide: true,
                  initial: s.installNewBtnUrl,
                  check: fieldError(installNewBody, 'btn_url'),
                },
              ]}
              onSave={(v) => install.mutateAsync({ btn_url: v.btn_url ?? '' })}
            />
          )}
        </Section>

        <Section title="Maintenance">
          <FlagSwitch
            name="maintenance"
            value={s.maintenance}
            hint="The app shows the message below instead of its content."
          />
          <SettingForm
            title="Maintenance Message"
            fields={[
              {
                name: 'maintenanceMessage',
                label: 'Message',
                wide: true,
                initial: s.maintenanceMessage,
                check: textError('maintenanceMessage'),
              },
            ]}
            onSave={(v) => text.mutateAsync({ field: 'maintenanceMessage', url: v.maintenanceMessage ?? '' })}
          />
          <FlagSwitch
            name="exclusive_module"
            value={s.exclusive_module}
            hint="Changing it reloads this page."
            reloadPage
          />
        </Section>

        <Section title="Payment">
          <SettingForm
            title="Payee"
            fields={[
              {
                name: 'upi_id',
                label: 'UPI ID',
                initial: s.upi_id,
                check: fieldError(phonePayBody, 'upi_id'),
              },
              {
                name: 'payee_name',
                label: 'Payee Name',
                initial: s.payee_name,
                check: fieldError(phonePayBody, 'payee_name'),
              },
              { name: 'phone', label: 'Phone', initial: s.phone, check: fieldError(phonePayBody, 'phone') },
            ]}
            onSave={(v) =>
              phonePay.mutateAsync({
                upi_id: v.upi_id ?? '',
                payee_name: v.payee_name ?? '',
                phone: v.phone ?? '',
              })
            }
          />
          <SettingForm
            title="Pay Amount"
            hideTitle
            fields={[
              {
                name: 'payAmount',
                label: 'Pay Amount',
                type: 'number',
                min: 0,
                initial: s.payAmount ? String(s.payAmount) : '',
                check: fieldError(payAmountBody, 'payAmount'),
              },
            ]}
            onSave={(v) => payAmount.mutateAsync({ payAmount: v.payAmount ?? '' })}
          />
        </Section>
      </div>
    </div>
  );
}
