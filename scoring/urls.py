from django.urls import URLPattern

app_name = "scoring"

urlpatterns: list[URLPattern] = []
