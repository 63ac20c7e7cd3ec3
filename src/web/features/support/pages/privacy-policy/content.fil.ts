import type { CompanyInfo } from '../../../../lib/api/company-info';
import type { DocContent } from '../../components/document-types';
import { certificateLabel } from '../../company-text';

/**
 * spec 000 §2 Privacy policy, in Filipino, written for borrowers under the Data
 * Privacy Act of 2012 (Republic Act No. 10173). The lender's identity and contacts come from
 * configuration.
 */
export function privacyPolicyFil(c: CompanyInfo): DocContent {
  return {
    intro: [
      `Ipinapaliwanag ng Patakaran sa Privacy na ito kung paano kinokolekta, ginagamit, ibinabahagi at pinoprotektahan ng ${c.lenderName} ("${c.appName}", "kami") ang iyong personal na impormasyon kapag ginamit mo ang ${c.appName} app at website. Ang ${c.lenderName} ay isang lending company na rehistrado sa Securities and Exchange Commission sa ilalim ng SEC Registration No. ${c.secRegistrationNo}, na may Certificate of Authority ${certificateLabel(c.certificateOfAuthorityNo)}. Ang aming opisina ay nasa ${c.address}.`,
      'Pinoproseso namin ang personal na impormasyon ayon sa Data Privacy Act of 2012 (Republic Act No. 10173), sa Implementing Rules and Regulations nito, at sa mga issuance ng National Privacy Commission. Pakibasa ang patakarang ito bago ka mag-apply ng loan. Kung hindi ka sumasang-ayon dito, huwag gamitin ang aming mga serbisyo.',
    ],
    sections: [
      {
        heading: '1. Impormasyong kinokolekta namin',
        blocks: [
          'Kinokolekta lamang namin ang impormasyong kailangan namin para mabigyan ka ng loan, mapangasiwaan ito, at matupad ang aming mga legal na tungkulin:',
          {
            list: [
              {
                term: 'Pagkakakilanlan:',
                text: 'ang iyong buong pangalan, petsa ng kapanganakan, kasarian, civil status, nasyonalidad, isang ID na inisyu ng gobyerno at ang larawan nito, at larawan ng iyong mukha (selfie) para matiyak na iyo ang ID.',
              },
              { term: 'Contact details:', text: 'ang iyong mobile number, e-mail address at address ng tirahan.' },
              {
                term: 'Trabaho at kita:',
                text: 'ang iyong employer o negosyo, ang iyong trabaho, at ang iyong buwanang kita.',
              },
              {
                term: 'Detalye ng account:',
                text: 'ang bank o e-wallet account kung saan namin ipinapadala ang iyong loan at kung saan ka nagbabayad.',
              },
              {
                term: 'Mga record ng loan:',
                text: 'ang iyong mga aplikasyon, ang aming mga desisyon, ang iskedyul ng iyong pagbabayad, ang iyong mga bayad, at anumang late na bayad.',
              },
              {
                term: 'Mga mensahe sa amin:',
                text: 'ang iyong mga tanong, reklamo, rating at ang mga larawang inilakip mo sa mga ito.',
              },
              'Impormasyon tungkol sa device at paggamit, na inilalarawan sa seksyon 6 sa ibaba.',
            ],
          },
          'Maaari rin kaming makatanggap ng impormasyon tungkol sa iyo mula sa ibang pinagmulan: mga credit bureau at ang Credit Information Corporation, mga provider ng identity verification, at ang mga payment partner na nagpoproseso ng iyong mga bayad.',
        ],
      },
      {
        heading: '2. Ang iyong representasyon',
        blocks: [
          'Kapag nagbigay ka sa amin ng impormasyon, kinukumpirma mong totoo, kumpleto at napapanahon ito, at na iyo ito. Kung nagbigay ka ng detalye ng ibang tao, halimbawa isang reference, kinukumpirma mong pumayag ang taong ito. Pakisabi sa amin sa loob ng 3 araw kung nagbago ang iyong pangalan, petsa ng kapanganakan o address.',
        ],
      },
      {
        heading: '3. Paano namin ginagamit ang iyong impormasyon',
        blocks: [
          {
            list: [
              'Para kumpirmahin ang iyong pagkakakilanlan at maiwasan ang pandaraya, money laundering at iba pang krimen.',
              'Para suriin ang iyong aplikasyon at pagpasyahan kung makapagpapahiram kami sa iyo, at magkano.',
              'Para ipadala ang iyong loan, kolektahin ang iyong mga bayad at padalhan ka ng mga paalala bago at pagkatapos ng iyong takdang petsa.',
              'Para sagutin ang iyong mga tanong at asikasuhin ang iyong mga reklamo.',
              'Para panatilihing ligtas ang aming app at mga system, at para hanapin at ayusin ang mga problema.',
              'Para sumunod sa batas at sa mga legal na utos ng mga regulator at korte, kasama ang pag-uulat ng credit data na hinihingi ng Credit Information System Act (Republic Act No. 9510).',
              'Para pagbutihin ang aming mga serbisyo, gamit ang mga buod na hindi ka nakikilala hangga\u2019t maaari.',
              'Para sabihin sa iyo ang mga bagong alok, kung pumayag ka lamang na tanggapin ang mga ito. Maaari mo itong ihinto anumang oras (tingnan ang seksyon 10).',
            ],
          },
        ],
      },
      {
        heading: '4. Kanino namin ito ibinabahagi',
        blocks: [
          'Hindi namin ibinebenta ang iyong personal na impormasyon. Ibinabahagi lamang namin ito kapag kailangan, at sa mga ito lamang:',
          {
            list: [
              'Mga service provider na nagtatrabaho para sa amin sa ilalim ng nakasulat na kontrata na nag-oobliga sa kanilang protektahan ang iyong impormasyon, gaya ng cloud hosting, SMS at mga provider ng identity verification.',
              'Mga payment partner na nagdadala ng pera ng iyong loan at ng iyong mga bayad, gaya ng mga bangko, e-wallet at payment center.',
              'Mga credit bureau at ang Credit Information Corporation, gaya ng hinihingi ng batas.',
              'Mga ahensya ng gobyerno, regulator at korte, kapag hinihingi ng batas o ng isang legal na utos.',
              'Mga collection agency na itinatalaga namin kung hindi nababayaran ang loan. Dapat nilang sundin ang mga patakaran ng SEC laban sa hindi patas na paniningil ng utang at panatilihing kumpidensyal ang iyong impormasyon.',
              'Isang kumpanyang papalit sa aming negosyo o sa iyong loan. Aabisuhan ka namin nang maaga kung ililipat ang iyong loan sa ibang kumpanya.',
            ],
          },
          'Hindi namin kailanman ibinabahagi ang iyong impormasyon sa mga tao sa contact list ng iyong phone, at hindi namin ito kailanman ginagamit para ipahiya ka.',
        ],
      },
      {
        heading: '5. Cookies at mga katulad na teknolohiya',
        blocks: [
          'Gumagamit ang aming website at ang mga pahina sa loob ng aming app ng cookies at ng storage ng iyong browser para manatili kang naka-sign in sa isang pagbisita, para tandaan ang iyong mga setting, at para makita kung paano gumagana ang aming mga pahina. Hindi nila hawak ang detalye ng iyong ID. Maaari mong burahin o i-block ang cookies sa mga setting ng iyong browser, pero maaaring hindi na gumana ang ilang pahina, halimbawa maaaring kailangan mong mag-sign in ulit.',
        ],
      },
      {
        heading: '6. Impormasyon mula sa iyong device',
        blocks: [
          'Sa iyong pahintulot, ginagamit ng aming app ang mga sumusunod na feature ng iyong phone. Maaari mong i-off ang bawat pahintulot anumang oras sa mga setting ng iyong phone; ang ilang hakbang, gaya ng identity check, ay hindi matatapos kung wala ang mga ito.',
          {
            list: [
              {
                term: 'Camera:',
                text: 'para kunan ng larawan ang iyong ID at selfie, at ang mga larawang pinili mong ilakip sa isang reklamo. Ginagamit lamang namin ang camera kapag nag-tap ka para kumuha ng larawan. Tinatanggal namin ang location data sa mga larawang ina-upload mo.',
              },
              {
                term: 'Lokasyon (GPS):',
                text: 'para kumpirmahing nag-a-apply ka mula sa Pilipinas at para matukoy ang pandaraya. Binabasa namin ang iyong lokasyon kapag nag-apply ka, hindi sa lahat ng oras.',
              },
              {
                term: 'Advertising ID:',
                text: 'ang nare-reset na advertising identifier ng iyong phone, ginagamit para malaman kung aling advertisement ang nagdala sa iyo sa amin at para matukoy ang pandaraya. Maaari mo itong i-reset o limitahan ang paggamit nito sa mga setting ng iyong phone.',
              },
              {
                term: 'Impormasyon ng network:',
                text: 'ang iyong IP address, ang uri ng koneksyon at ang iyong mobile network, ginagamit para panatilihing ligtas ang iyong account at para ayusin ang mga problema sa koneksyon.',
              },
              {
                term: 'Detalye ng device:',
                text: 'ang modelo ng iyong phone, ang operating system nito, bersyon ng app, device identifier, at status ng baterya at storage, ginagamit para matukoy ang pandaraya at para matiyak na gumagana ang app sa iyong phone.',
              },
            ],
          },
        ],
      },
      {
        heading: '7. Mga menor de edad',
        blocks: [
          'Para lamang sa mga nasa hustong gulang ang aming mga serbisyo. Dapat ay hindi bababa sa 18 taong gulang ka para mag-apply ng loan. Hindi kami sadyang nangongolekta ng impormasyon mula sa sinumang wala pang 18. Kung malaman naming nangyari ito, buburahin namin ito. Kung sa tingin mo ay nagbigay sa amin ng impormasyon ang isang menor de edad, makipag-ugnayan sa amin.',
        ],
      },
      {
        heading: '8. Pagpapanatiling ligtas ng iyong account at impormasyon',
        blocks: [
          'Itago sa sarili mo ang iyong phone, ang iyong password o PIN, at ang mga code na ipinapadala namin sa SMS. Hindi kailanman hihingin ng aming staff ang iyong password o SMS code, sa tawag, SMS, chat o e-mail. Kung may humingi, huwag ibigay, at sabihin sa amin.',
          'Pinoprotektahan namin ang iyong impormasyon gamit ang mga naka-encrypt na koneksyon, access na limitado sa mga staff na nangangailangan nito, mga record kung sino ang nag-access ng ano, at mga password at code na nakatago lamang sa anyong scrambled (hashed). Walang system na ganap na ligtas; kung maaapektuhan ka ng isang breach, sasabihin namin sa iyo at sa National Privacy Commission gaya ng hinihingi ng batas.',
          'Itinatago namin ang iyong impormasyon habang may account o loan ka sa amin, at pagkatapos nito hangga\u2019t hinihingi lamang ng batas at ng aming mga regulator. Pagkatapos noon, buburahin namin ito o gagawing anonymous.',
        ],
      },
      {
        heading: '9. Ang iyong mga karapatan',
        blocks: [
          'Sa ilalim ng Data Privacy Act, may karapatan kang malaman kung paano ginagamit ang iyong impormasyon, makita ito, ipatama ito, tumutol sa pagproseso nito, hilingin na i-block o burahin ito, makatanggap ng kopya sa karaniwang ginagamit na format, at mabayaran ng danyos kung ito ay maling nagamit. Ang ilang kahilingan ay hindi maibibigay habang bukas ang isang loan o kapag hinihingi ng batas na itago namin ang impormasyon; ipapaliwanag namin kung bakit.',
        ],
      },
      {
        heading: '10. Opt-out',
        blocks: [
          `Maaari kang mag-opt out sa mga alok at iba pang marketing message anumang oras sa pagsulat sa ${c.email}. Maaari mo ring bawiin ang iyong pahintulot sa mga opsyonal na paggamit ng iyong impormasyon, gaya ng advertising ID. Hindi inihihinto ng pag-opt out ang mga mensaheng kailangan naming ipadala tungkol sa loan mo, gaya ng mga paalala sa pagbabayad, at hindi nito kinakansela ang loan na inutang mo.`,
        ],
      },
      {
        heading: '11. Mga pagbabago sa patakarang ito',
        blocks: [
          'Maaari naming i-update ang patakarang ito kapag nagbago ang aming mga serbisyo o ang batas. Ang kasalukuyang bersyon ay laging nasa pahinang ito. Kung mahalagang maaapektuhan ng pagbabago kung paano namin ginagamit ang iyong impormasyon, sasabihin namin sa iyo sa app o sa SMS bago ito umiral.',
        ],
      },
      {
        heading: '12. Grievance officer',
        blocks: [
          `Kung may tanong o reklamo ka tungkol sa kung paano namin hinahawakan ang iyong personal na impormasyon, o gusto mong gamitin ang isa sa iyong mga karapatan, makipag-ugnayan sa aming grievance officer: ${c.grievanceOfficer}.`,
          `Maaari ka ring sumulat sa amin sa ${c.email}, tumawag sa ${c.phone}, o magpadala ng sulat sa ${c.lenderName}, ${c.address}. Sasagutin ka namin nang nakasulat.`,
          'Kung hindi ka nasiyahan sa aming sagot, maaari kang magsampa ng reklamo sa National Privacy Commission: https://www.privacy.gov.ph',
        ],
      },
    ],
  };
}
