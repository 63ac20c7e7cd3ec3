import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { channelTemplate } from '../../../../shared/contracts/promotion';
import { API_BASE } from '../../../../shared/constants';
import { demoTemplate, demoTemplateFilipino } from '../../../db/seed/promotion';
import { buildTestApp } from '../../../test/test-app';
import { staffHeader } from '../../../test/staff-support';

const t = await buildTestApp();
const admin = await staffHeader(t, ['admin']);

const FIL = {
  hero: { title: 'Pera sa ilang minuto, hanggang ₱20,000', subtitle: 'Magparehistro gamit ang iyong mobile number.' },
  highlights: [{ label: 'Humiram ng hanggang' }],
  form: { applyText: 'Mag-apply na' },
  steps: ['Magparehistro gamit ang iyong mobile number'],
  footnote: 'Ang mga pautang ay napapailalim sa pag-apruba.',
};

const landing = (id: number, language: string) =>
  t.app
    .inject({ url: `${API_BASE}${channelTemplate.path}?templateId=${id}`, headers: { 'accept-language': language } })
    .then((r) => r.json());

describe('Promotion templates in English and Filipino', () => {
  it('stores both languages; a Filipino reader gets the Filipino texts, English where none is given; an English reader gets English', async () => {
    const [template] = (
      await t.app.inject({ url: '/owner/admin/promotion/templates', headers: admin }).then((r) => r.json())
    ).data.list;
    const data = { ...demoTemplate, fil: FIL };
    const saved = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/promotion/templates/save',
      headers: admin,
      payload: { id: String(template.id), name: template.name, enabled: '1', data: JSON.stringify(data) },
    });
    expect(saved.json().data.data.fil).toEqual(FIL);

    const fil = (await landing(template.id, 'fil-PH,fil;q=0.9')).data;
    expect(fil.hero).toMatchObject({
      title: FIL.hero.title,
      subtitle: FIL.hero.subtitle,
      imageAlt: demoTemplate.hero.imageAlt,
    });
    expect(fil.highlights[0]).toEqual({ value: '₱20,000', label: 'Humiram ng hanggang' });
    expect(fil.highlights[1]).toEqual(demoTemplate.highlights[1]);
    expect(fil.steps).toEqual([FIL.steps[0], ...demoTemplate.steps.slice(1)]);
    expect(fil.form).toEqual({ title: demoTemplate.form.title, applyText: 'Mag-apply na' });
    expect(fil.fil).toBeUndefined();

    const en = (await landing(template.id, 'en-US')).data;
    expect(en.hero.title).toBe(demoTemplate.hero.title);
    expect(en.fil).toBeUndefined();

    const [change] = (
      await t.app
        .inject({ url: `/owner/admin/catalogue/history?entity=template&entityId=${template.id}`, headers: admin })
        .then((r) => r.json())
    ).data.list;
    expect(change).toMatchObject({ actorName: 'admin', what: 'saved' });
    expect(change.changes).toContainEqual({
      field: 'data.fil.hero.title',
      label: 'Filipino: hero title',
      before: demoTemplateFilipino.hero?.title,
      after: FIL.hero.title,
    });
  });

  it('a Filipino text past its length is refused naming the field, and nothing changes', async () => {
    const [template] = (
      await t.app.inject({ url: '/owner/admin/promotion/templates', headers: admin }).then((r) => r.json())
    ).data.list;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/owner/admin/promotion/templates/save',
      headers: admin,
      payload: {
        id: String(template.id),
        name: template.name,
        data: JSON.stringify({ ...demoTemplate, fil: { form: { applyText: 'x'.repeat(31) } } }),
      },
    });
    expect(refused.json()).toMatchObject({ code: Code.BAD_REQUEST });
    expect(refused.json().message).toMatch(/fil\.form\.applyText/);
    expect(
      (await t.app.inject({ url: '/owner/admin/promotion/templates', headers: admin }).then((r) => r.json())).data
        .list[0],
    ).toEqual(template);
  });
});
