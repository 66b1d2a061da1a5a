import type { AdminSettings, Banner, Category } from '@kit/contract';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { getAdminSettings, saveAdminSettings } from '../../api/admin.ts';
import { getCategoryTypes } from '../../api/library.ts';
import { ApiError } from '../../api/client.ts';
import { getBanners } from '../../api/menu-admin.ts';
import { PhoneModePanel } from './PhoneModePanel.tsx';
import { StorageSummary } from './StorageSummary.tsx';
import { UsageReportForm } from './UsageReportForm.tsx';
import { UploadQuotaField } from './UploadQuotaField.tsx';
import { UserPicker } from './UserPicker.tsx';
import { BannerManager } from '../menu-admin/BannerManager.tsx';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { es } from '../../i18n/es.ts';
import { esAdmin } from '../../i18n/es-admin.ts';
import '../../ui/portal.css';
import { BackupPanel } from '../sync/BackupPanel.tsx';
import type { AdminPages } from '../../ui/admin-pages.ts';

const t = esAdmin.data;

/** /admin/data: every setting, the banners, how phones get the portal, usage reports as CSV, storage use. */
export function AdminDataPage() {
  const [settings, setSettings] = useState<AdminSettings | null>(null);
  const [banners, setBanners] = useState<Banner[]>([]);
  const [categories, setCategories] = useState<Category[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    getAdminSettings(ctrl.signal).then((s) => {
      setSettings(s);
    }, () => undefined);
    getCategoryTypes(false, ctrl.signal).then(setCategories, () => undefined);
    getBanners(ctrl.signal).then((r) => setBanners(r.data), () => undefined);
    return () => ctrl.abort();
  }, []);
  const reloadBanners = useCallback(() => getBanners().then((r) => setBanners(r.data)), []);

  if (!settings) return <section className="admin-page"><h1>{t.title}</h1></section>;
  const set = <K extends keyof AdminSettings>(key: K, value: AdminSettings[K]) => setSettings({ ...settings, [key]: value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      setSettings(await saveAdminSettings(settings));
      notifySuccess(t.saved);
    } catch (err) {
      notifyError(err instanceof ApiError ? err.message : esAdmin.summary.loadError);
    } finally {
      setSaving(false);
    }
  };
  const categorySelect = (key: 'tutorialCategoryId' | 'clientCategoryId', label: string) => (
    <label>
      {label}
      <select className="input" value={settings[key] ?? ''} onChange={(e) => set(key, e.target.value ? Number(e.target.value) : null)}>
        <option value="">{t.none}</option>
        {categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
      </select>
    </label>
  );
  const check = (key: 'resourceModeration' | 'restrictedMode' | 'appDenyDownloadsForUsers', label: string) => (
    <label className="check">
      <input type="checkbox" checked={settings[key]} onChange={(e) => set(key, e.target.checked)} />
      {label}
    </label>
  );

  return (
    <section className="admin-page">
      <h1>{t.title}</h1>
      <form className="admin-form" onSubmit={(e) => void submit(e)}>
        <label>
          {t.servicesMode}
          <select className="input" value={settings.servicesMode} onChange={(e) => set('servicesMode', e.target.value as AdminSettings['servicesMode'])}>
            {(['default', 'planet', 'community'] as const).map((m) => <option key={m} value={m}>{es.servicesModes[m]}</option>)}
          </select>
        </label>
        {check('resourceModeration', t.resourceModeration)}
        {check('restrictedMode', t.restrictedMode)}
        {check('appDenyDownloadsForUsers', t.appDenyDownloadsForUsers)}
        <UploadQuotaField value={settings.uploadQuotaMb} onChange={(mb) => set('uploadQuotaMb', mb)} />
        <UserPicker legend={t.deniedUsers} value={settings.deniedUsers} onChange={(ids) => set('deniedUsers', ids)} />
        {categorySelect('tutorialCategoryId', t.tutorialCategory)}
        {categorySelect('clientCategoryId', t.clientCategory)}
        <label>{t.productName}<input className="input" value={settings.productName} onChange={(e) => set('productName', e.target.value)} maxLength={40} required /></label>
        <label>{t.productSlug}<input className="input" value={settings.productSlug} onChange={(e) => set('productSlug', e.target.value)} pattern="[a-z0-9\-]{2,30}" required /></label>
        <label>{t.contactEmail}<input className="input" type="email" value={settings.contactEmail} onChange={(e) => set('contactEmail', e.target.value)} required /></label>
        {[0, 1].map((i) => (
          <label key={i}>
            {i === 0 ? t.phone1 : t.phone2}
            <input
              className="input"
              value={settings.contactPhones[i] ?? ''}
              onChange={(e) => {
                const phones = [...settings.contactPhones];
                phones[i] = e.target.value;
                set('contactPhones', phones);
              }}
            />
          </label>
        ))}
        <button type="submit" className="button" disabled={saving}>{t.save}</button>
      </form>

      <BannerManager banners={banners} onChanged={reloadBanners} />

      <PhoneModePanel />

      <h2>{t.reports}</h2>
      <UsageReportForm />

      <BackupPanel />

      <h2>{t.storage}</h2>
      <StorageSummary />
    </section>
  );
}

export const adminPages: AdminPages = { data: { Component: AdminDataPage } };
